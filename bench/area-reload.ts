/**
 * Reloading the client and admin areas: how long a remembered client and admin wait, after a
 * reload of /user and /admin, for the area's frame (sidebar and top bar), for the page itself (its
 * heading), and how long a full-screen splash covered the window meanwhile. Served by the real app
 * on a fresh embedded database, in Debian's Chromium; prints the median and p90 of N reloads each.
 * It builds nothing: build the web app first (as for bench/lighthouse.ts).
 *
 *   npm run build && npx tsx --conditions=source bench/area-reload.ts
 *   BENCH_RELOADS=20 BENCH_WEB_DIST=/tmp/web npx tsx --conditions=source bench/area-reload.ts
 *   BENCH_WATERFALL=1 …   also prints the requests of the last reload of each area, by start time
 */
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { users } from '../apps/server/src/db/schema/users.ts';
import { seedFirstAdmin } from '../apps/server/src/db/seed.ts';
import { buildTestApp } from '../apps/server/test/helpers/build-app.ts';
import { followVerificationLink } from '../apps/server/test/helpers/email-verification.ts';
import { registrationForm } from '../apps/server/test/helpers/factories.ts';
import { placeTwoFactor, totpCode } from '../apps/server/test/helpers/two-factor.ts';

const RELOADS = Number(process.env.BENCH_RELOADS ?? 10);
const WEB_DIST = resolve(process.env.BENCH_WEB_DIST ?? 'apps/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WATERFALL = process.env.BENCH_WATERFALL === '1';
const ADMIN = { email: 'bench-admin@meridian.test', password: 'bench-admin-password-1' };
/** The second-factor step's code field (the `twoFactor` namespace's English words). */
const CODE_FIELD = '6-digit code';

/**
 * One reload: when the frame and the page were first seen, in milliseconds after navigation start
 * (sampled per animation frame, so about when painted), and for how long the splash was up.
 */
interface TReloadTimes {
  frame: number;
  content: number;
  splash: number;
}

/**
 * Runs in the page before its own scripts, on every load: samples the DOM once per animation
 * frame. The frame: the area's sidebar navigation, its top bar and the main region. The content:
 * the page's heading inside the main region. The splash: a full-window centred brand mark (the
 * one index.html paints, or the Splash component); its time is summed over the frames it was up.
 * (A string, so the page gets it as written, without the bundler's helpers.)
 */
const WATCH_AREA_LOAD = `(() => {
  const times = { frame: Number.NaN, content: Number.NaN, splash: 0 };
  window.__areaTimes = times;
  const visible = (selector) => {
    const element = document.querySelector(selector);
    if (!element) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  let last;
  let splashUp = false;
  const tick = (now) => {
    if (splashUp && last !== undefined) times.splash += now - last;
    last = now;
    splashUp = visible('#root .min-h-dvh.place-items-center svg');
    if (Number.isNaN(times.frame) && visible('#root header') && visible('#root nav') && visible('#main-content')) {
      times.frame = now;
    }
    if (Number.isNaN(times.content) && visible('#main-content h1')) times.content = now;
    if (Number.isNaN(times.content) || splashUp) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
};

/**
 * Signs in through the page; `totpSecret` answers the second-factor step an admin is asked (each
 * run signs in once per step, so no code is sent twice).
 */
async function signIn(
  page: Page,
  loginPath: string,
  user: { email: string; password: string; totpSecret?: string },
  landing: RegExp,
) {
  await page.goto(loginPath);
  const form = page.getByRole('main');
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password', { exact: true }).fill(user.password);
  // Remembered: a reload restores the session from the refresh cookie.
  await form.getByLabel('Remember me').check();
  await form.getByRole('button', { name: /^(Log in|Sign in)$/ }).click();
  if (user.totpSecret) {
    await form.getByLabel(CODE_FIELD).fill(totpCode(user.totpSecret));
    await form.getByRole('button', { name: /^(Verify|Sign in)$/ }).click();
  }
  await page.waitForURL(landing, { timeout: 30_000 });
  await page.locator('#main-content h1').waitFor({ timeout: 30_000 });
}

async function measureArea(browser: Browser, base: string, path: string, login: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const requests: Array<{ url: string; start: number; end: number }> = [];
  if (WATERFALL) {
    page.on('requestfinished', (request) => {
      const timing = request.timing();
      requests.push({
        url: request.url().replace(base, ''),
        start: timing.startTime,
        end: timing.startTime + timing.responseEnd,
      });
    });
  }
  await context.addInitScript(WATCH_AREA_LOAD);
  await login(page);
  await page.goto(path);
  await page.locator('#main-content h1').waitFor();
  const runs: TReloadTimes[] = [];
  // One reload first, not counted, so every counted one starts from the same warm cache.
  for (let i = 0; i <= RELOADS; i++) {
    requests.length = 0;
    await page.reload();
    await page.waitForFunction(
      () => {
        const times = (globalThis as unknown as { __areaTimes?: TReloadTimes }).__areaTimes;
        return times !== undefined && !Number.isNaN(times.content) && !Number.isNaN(times.frame);
      },
      undefined,
      { timeout: 30_000 },
    );
    // Let the splash sampler see one more frame.
    await page.waitForTimeout(50);
    const times = await page.evaluate(() => (globalThis as unknown as { __areaTimes?: TReloadTimes }).__areaTimes);
    if (!times) throw new Error('the page lost its measurements');
    if (i > 0) runs.push(times);
  }
  if (WATERFALL) {
    const origin = Math.min(...requests.map((r) => r.start));
    console.log(`\n${path}: requests of the last reload (ms after the first request)`);
    for (const r of [...requests].sort((a, b) => a.start - b.start)) {
      console.log(
        `  ${String(Math.round(r.start - origin)).padStart(5)} → ${String(Math.round(r.end - origin)).padStart(5)}  ${r.url}`,
      );
    }
  }
  await context.close();
  return runs;
}

const ms = (value: number) => `${String(Math.round(value)).padStart(5)} ms`;

function report(path: string, runs: TReloadTimes[]) {
  console.log(`\n${path}, ${runs.length} reloads`);
  const rows = [
    ['frame visible', 'frame'],
    ['page content visible', 'content'],
    ['full-screen splash shown', 'splash'],
  ] as const;
  for (const [label, key] of rows) {
    const values = runs.map((run) => run[key]);
    console.log(`  ${label.padEnd(26)} median ${ms(quantile(values, 0.5))}   p90 ${ms(quantile(values, 0.9))}`);
  }
}

async function main() {
  const t = await buildTestApp({ WEB_DIST, LOG_LEVEL: 'silent' });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    await seedFirstAdmin(t.app.db, ADMIN);
    const [seeded] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email));
    if (!seeded) throw new Error('no admin');
    const admin = { ...ADMIN, totpSecret: await placeTwoFactor(t.app, seeded.id) };
    const client = registrationForm();
    const registered = await t.app.inject({ method: 'POST', url: '/api/client', payload: client });
    if (registered.statusCode !== 201) throw new Error(`registration failed: ${registered.body}`);
    // The dashboard as a client who may move money sees it: no banner asking to verify the email.
    await followVerificationLink(t.app, client.email);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    console.log(`Reloads of the client and admin areas on ${base} (${WEB_DIST}), Chromium at 1280×800`);

    const clientRuns = await measureArea(browser, base, '/user', (page) =>
      signIn(page, '/auth/user/login', client, /\/user$/),
    );
    report('/user', clientRuns);
    const adminRuns = await measureArea(browser, base, '/admin', (page) =>
      signIn(page, '/auth/admin/login', admin, /\/admin$/),
    );
    report('/admin', adminRuns);
  } finally {
    await browser.close();
    await t.close();
  }
}

await main();
