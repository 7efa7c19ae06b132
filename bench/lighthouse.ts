/**
 * The home page budget: Lighthouse's mobile preset on the built `/`, served by the real
 * app, in Debian's Chromium. Prints the median performance and accessibility scores of N runs, the
 * Core Web Vitals behind them, the initial JavaScript of `/` (gzip), the failed accessibility
 * audits, and PASS/FAIL against the budget (performance >= 95, accessibility >= 95, JS <= 140 KB).
 * `measureHomePage` gives the same figures to another script (bench/run.ts).
 *
 * With BENCH_PAGES=areas (or both, the default) it does the same for the signed-in dashboards,
 * `/user` (a client) and `/admin` (an admin, through the second factor), against their goal
 * (performance >= 90, CLS <= 0.05).
 *
 *   npm run build && npx tsx --conditions=source bench/lighthouse.ts
 *   BENCH_PAGES=areas npx tsx --conditions=source bench/lighthouse.ts
 *   BENCH_RUNS=3 BENCH_WEB_DIST=/tmp/web npx tsx --conditions=source bench/lighthouse.ts
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildTestApp, type TestApp } from '../apps/server/test/helpers/build-app.ts';
import { followVerificationLink } from '../apps/server/test/helpers/email-verification.ts';
import { createUser, registrationForm, signIn } from '../apps/server/test/helpers/factories.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const WEB_DIST = process.env.BENCH_WEB_DIST
  ? resolve(process.env.BENCH_WEB_DIST)
  : fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** A folder to keep each run's whole Lighthouse report in (JSON), to see what a figure is made of. */
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS ? resolve(process.env.BENCH_LIGHTHOUSE_REPORTS) : undefined;
const BUDGET = { performance: 95, accessibility: 95, initialJsKb: 140 };
/** The signed-in areas' goal: their dashboards on a phone, with next to no layout shift. */
export const AREA_BUDGET = { performance: 90, cls: 0.05 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** The lazy routes `/` renders with, fetched together once the entry runs. */
const HOME_ROUTES = ['src/app/routes/public/public-layout-route.tsx', 'src/app/routes/public/home-page.tsx'];

interface TManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * Every script `/` runs before its first render, gzipped: the scripts index.html loads, the lazy
 * routes of HOME_ROUTES, and their static imports (Vite's manifest). Sections that load as the
 * reader scrolls near them (market, news, testimonials) and the on-demand dialogs are not counted.
 */
function initialJsGzipBytes(dist: string): { bytes: number; files: number } {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    TManifestChunk
  >;
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const key of byFile.get(file)?.imports ?? []) {
      const next = manifest[key];
      if (next) visit(next.file);
    }
  };
  for (const match of html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)) visit(match[1] ?? '');
  for (const key of HOME_ROUTES) {
    const route = manifest[key];
    if (!route) throw new Error(`${key} is not in ${dist}/.vite/manifest.json: build the web app first`);
    visit(route.file);
  }
  const bytes = [...seen].reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, 0);
  return { bytes, files: seen.size };
}

export interface TRun {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  scriptBytes: number;
  failedA11y: string[];
}

/**
 * One Lighthouse run on `url` in a new Chromium with an empty profile; `prepare` runs first with
 * that Chromium's DevTools port (to sign a user in).
 */
async function measure(url: string, prepare?: (port: number) => Promise<void>): Promise<TRun | null> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    await prepare?.(chrome.port);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    if (REPORTS) {
      mkdirSync(REPORTS, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${Date.now()}.json`;
      writeFileSync(join(REPORTS, name), JSON.stringify(result.lhr));
    }
    // A run Chromium could not finish (it happens on a loaded machine) has no figures to count.
    if (result.lhr.runtimeError) return null;
    // A signed-in page that sent the browser to its login page would be measuring the wrong page.
    const landed = new URL(result.lhr.finalDisplayedUrl).pathname;
    if (landed !== new URL(url).pathname) throw new Error(`${url} ended on ${landed}`);
    const { categories, audits } = result.lhr;
    const items = (
      audits['network-requests']?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> }
    )?.items;
    const failedA11y = (categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
      .map((ref) => `${ref.id}: ${audits[ref.id]?.title ?? ''}`);
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      fcp: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
      lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      scriptBytes: (items ?? [])
        .filter((item) => item.resourceType === 'Script')
        .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      failedA11y,
    };
  } finally {
    chrome.kill();
  }
}

/** The medians of a page's runs (the runs Chromium could not finish are left out). */
export interface TPageFigures {
  /** Median performance score, and the score of each run that finished. */
  performanceMedian: number;
  scores: number[];
  accessibilityMedian: number;
  /** Medians of the runs' vitals (ms; CLS unitless) and of the JavaScript they transferred (KB). */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  scriptKb: number;
  /** Accessibility audits any run failed. */
  failedA11y: string[];
}

/**
 * `count` runs on `url`, each in a new Chromium (`prepare` first, as for `measure`), and their
 * medians; `onRun` hears of each run as it finishes.
 */
async function measurePage(
  url: string,
  count: number,
  onRun: ((run: TRun | null, index: number) => void) | undefined,
  prepare?: (port: number) => Promise<void>,
): Promise<TPageFigures> {
  const runs: TRun[] = [];
  for (let i = 0; i < count; i++) {
    const run = await measure(url, prepare);
    onRun?.(run, i);
    if (run) runs.push(run);
  }
  if (runs.length === 0) throw new Error(`no Lighthouse run on ${url} finished`);
  return {
    performanceMedian: median(runs.map((r) => r.performance)),
    scores: runs.map((r) => r.performance),
    accessibilityMedian: median(runs.map((r) => r.accessibility)),
    fcp: median(runs.map((r) => r.fcp)),
    lcp: median(runs.map((r) => r.lcp)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: median(runs.map((r) => r.cls)),
    scriptKb: median(runs.map((r) => r.scriptBytes)) / 1024,
    failedA11y: [...new Set(runs.flatMap((r) => r.failedA11y))],
  };
}

/**
 * The real app serving the built web app `webDist` on a free port, for `use` to measure; closed
 * after. The server sends the build's .br/.gz copies as they are and compresses nothing itself: a
 * build without them (`vite build` alone) would be measured at several times its transfer size.
 */
async function servingBuild<T>(webDist: string, use: (t: TestApp, origin: string) => Promise<T>): Promise<T> {
  if (!existsSync(join(webDist, 'index.html.br'))) {
    throw new Error(`${webDist} has no precompressed copies: run node apps/web/scripts/precompress.mjs ${webDist}`);
  }
  const t = await buildTestApp({ WEB_DIST: webDist, LOG_LEVEL: 'silent' });
  try {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    return await use(t, `http://127.0.0.1:${port}`);
  } finally {
    await t.close();
  }
}

export interface THomePageOptions {
  /** Lighthouse runs; the figures are their medians. */
  runs: number;
  /**
   * The built web app to serve (default BENCH_WEB_DIST, else apps/web/dist): `npm run build`, or
   * `vite build` followed by apps/web/scripts/precompress.mjs.
   */
  webDist?: string;
  /** Called with each run's figures as it finishes (the script prints them). */
  onRun?: (run: TRun | null, index: number) => void;
}

export interface THomePage extends TPageFigures {
  url: string;
  /** Every script `/` runs before its first render, gzipped (KB), in `initialJsFiles` files. */
  initialJsGzipKb: number;
  initialJsFiles: number;
  budgetKb: number;
}

/** Lighthouse's mobile preset `runs` times on `/` of the built web app, served by the real app. */
export async function measureHomePage({
  runs: count,
  webDist = WEB_DIST,
  onRun,
}: THomePageOptions): Promise<THomePage> {
  const dist = resolve(webDist);
  return servingBuild(dist, async (_t, origin) => {
    const url = `${origin}/`;
    const initial = initialJsGzipBytes(dist);
    return {
      url,
      ...(await measurePage(url, count, onRun)),
      initialJsGzipKb: initial.bytes / 1024,
      initialJsFiles: initial.files,
      budgetKb: BUDGET.initialJsKb,
    };
  });
}

export interface TAreaPage extends TPageFigures {
  path: string;
}

export interface TAreaPagesOptions {
  runs: number;
  webDist?: string;
  onRun?: (path: string, run: TRun | null, index: number) => void;
}

/**
 * Puts a signed-in, remembered session into the Chromium on `port`, as a reload after "Remember
 * me" finds it: the refresh cookie (path /api) and the app's "remembered" flag in localStorage.
 */
async function rememberSession(port: number, origin: string, cookie: string): Promise<void> {
  const [name = '', value = ''] = cookie.split(/=(.*)/s);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    const { hostname } = new URL(origin);
    await context.addCookies([
      { name, value, domain: hostname, path: '/api', httpOnly: true, sameSite: 'Strict', secure: false },
    ]);
    const page = await context.newPage();
    await page.goto(`${origin}/favicon.svg`);
    // A string, so it runs in the page as written (bench/ has no DOM types).
    await page.evaluate("localStorage.setItem('meridian.persist', 'true')");
    await page.close();
  } finally {
    await browser.close();
  }
}

/**
 * Lighthouse's mobile preset `runs` times on the client's dashboard (`/user`, a newly registered
 * client) and the admin's (`/admin`, an admin through the second factor), each run in a new
 * Chromium holding a session signed in just before (the page restores it, as after a reload).
 */
export async function measureAreaPages({
  runs: count,
  webDist = WEB_DIST,
  onRun,
}: TAreaPagesOptions): Promise<TAreaPage[]> {
  return servingBuild(resolve(webDist), async (t, origin) => {
    const client = registrationForm();
    const registered = await t.app.inject({ method: 'POST', url: '/api/client', payload: client });
    if (registered.statusCode !== 201) throw new Error(`registration failed: ${registered.body}`);
    // The dashboard as a client who may move money sees it: no banner asking to verify the email.
    await followVerificationLink(t.app, client.email);
    const admin = await createUser(t.app, 'Admin');
    const areas = [
      { path: '/user', email: client.email, password: client.password },
      { path: '/admin', email: admin.email, password: admin.password },
    ];
    const pages: TAreaPage[] = [];
    for (const area of areas) {
      const figures = await measurePage(
        `${origin}${area.path}`,
        count,
        (run, i) => onRun?.(area.path, run, i),
        async (devtools) => {
          const session = await signIn(t.app, area.email, area.password);
          await rememberSession(devtools, origin, session.cookie);
        },
      );
      pages.push({ path: area.path, ...figures });
    }
    return pages;
  });
}

const describeRun = (run: TRun) =>
  `performance ${run.performance}, accessibility ${run.accessibility}, FCP ${Math.round(run.fcp)} ms, LCP ${Math.round(run.lcp)} ms, TBT ${Math.round(run.tbt)} ms, CLS ${run.cls.toFixed(3)}`;

async function homeMain(): Promise<boolean> {
  const result = await measureHomePage({
    runs: RUNS,
    onRun: (run, i) =>
      console.log(
        run ? `run ${i + 1}: ${describeRun(run)}` : `run ${i + 1}: Lighthouse could not finish it; not counted`,
      ),
  });
  console.log(`\nLighthouse mobile preset on ${result.url}, median of ${result.scores.length} runs`);
  console.log(
    `  performance     ${result.performanceMedian}  (runs: ${result.scores.join(', ')}; budget >= ${BUDGET.performance})`,
  );
  console.log(`  accessibility   ${result.accessibilityMedian}  (budget >= ${BUDGET.accessibility})`);
  console.log(
    `  FCP ${Math.round(result.fcp)} ms, LCP ${Math.round(result.lcp)} ms, TBT ${Math.round(result.tbt)} ms, CLS ${result.cls.toFixed(3)}`,
  );
  console.log(
    `  initial JS for / ${result.initialJsGzipKb.toFixed(1)} KB gzip in ${result.initialJsFiles} files (budget <= ${result.budgetKb} KB); JS transferred before the page settled ${result.scriptKb.toFixed(1)} KB`,
  );
  if (result.failedA11y.length > 0)
    console.log(`  failed accessibility audits:\n    ${result.failedA11y.join('\n    ')}`);
  return (
    result.performanceMedian >= BUDGET.performance &&
    result.accessibilityMedian >= BUDGET.accessibility &&
    result.initialJsGzipKb <= result.budgetKb
  );
}

async function areasMain(): Promise<boolean> {
  const pages = await measureAreaPages({
    runs: RUNS,
    onRun: (path, run, i) =>
      console.log(
        run
          ? `${path} run ${i + 1}: ${describeRun(run)}`
          : `${path} run ${i + 1}: Lighthouse could not finish it; not counted`,
      ),
  });
  let pass = true;
  for (const page of pages) {
    console.log(`\nLighthouse mobile preset on ${page.path} (signed in), median of ${page.scores.length} runs`);
    console.log(
      `  performance     ${page.performanceMedian}  (runs: ${page.scores.join(', ')}; goal >= ${AREA_BUDGET.performance})`,
    );
    console.log(`  accessibility   ${page.accessibilityMedian}`);
    console.log(
      `  FCP ${Math.round(page.fcp)} ms, LCP ${Math.round(page.lcp)} ms, TBT ${Math.round(page.tbt)} ms, CLS ${page.cls.toFixed(3)} (goal <= ${AREA_BUDGET.cls}); JS transferred ${page.scriptKb.toFixed(1)} KB`,
    );
    if (page.failedA11y.length > 0)
      console.log(`  failed accessibility audits:\n    ${page.failedA11y.join('\n    ')}`);
    pass &&= page.performanceMedian >= AREA_BUDGET.performance && page.cls <= AREA_BUDGET.cls;
  }
  return pass;
}

/** BENCH_PAGES: `home`, `areas` (/user and /admin signed in) or both (the default). */
async function main() {
  const only = new Set((process.env.BENCH_PAGES ?? 'home,areas').split(',').map((s) => s.trim()));
  let pass = true;
  if (only.has('home')) pass = (await homeMain()) && pass;
  if (only.has('areas')) pass = (await areasMain()) && pass;
  console.log(pass ? 'PASS' : 'FAIL');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
