import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { freePort } from './apps/server/test/helpers/processes.ts';
import { writeE2eContentFile } from './e2e/support/content.ts';
import { createE2eDatabase } from './e2e/support/postgres.ts';

// Free ports are chosen once, by the runner; workers inherit them through the environment.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_FINNHUB_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'meridian-e2e-'));
process.env.E2E_ADMIN_EMAIL ??= 'admin@e2e.meridian.test';
process.env.E2E_ADMIN_PASSWORD ??= 'e2e-admin-password-1';
process.env.E2E_CONTENT_FILE ??= writeE2eContentFile(process.env.E2E_DATA_DIR);
// Two more apps for the news section's other states: no provider configured, and provider down.
process.env.E2E_NO_NEWS_PORT ??= String(await freePort());
process.env.E2E_NEWS_DOWN_PORT ??= String(await freePort());
process.env.E2E_NO_NEWS_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'meridian-e2e-no-news-'));
process.env.E2E_NEWS_DOWN_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'meridian-e2e-news-down-'));
// The news-down app sends its mail by SMTP to this port, where nothing listens until the outbox
// journey (e2e/admin/outbox.spec.ts) starts a real SMTP server there.
process.env.E2E_SMTP_PORT ??= String(await freePort());
// A fourth app on PostgreSQL, for journeys that let time pass: e2e/support/time.ts moves an
// investment's schedule into the past with SQL beside the running server, which the embedded
// database (one process per data folder) cannot allow. Its payouts are paid by Process All Trades.
process.env.E2E_PG_PORT ??= String(await freePort());
process.env.E2E_PG_DATABASE_URL ??= await createE2eDatabase();
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const finnhubURL = `http://127.0.0.1:${process.env.E2E_FINNHUB_PORT}`;
const NEWS_DOWN_TOKEN = 'e2e-news-down';

/**
 * One app server: the built server (or E2E_SERVER_COMMAND) on `port` with its own database. Run in
 * production, it needs PUBLIC_URL: the address its journeys open (`host`), which its emailed links
 * point at and its passkeys answer to.
 */
function appServer(port: string, env: Record<string, string>, host = '127.0.0.1') {
  return {
    // Helpers working side by side in one tree run the server from source against a web build of
    // their own (E2E_SERVER_COMMAND, E2E_WEB_DIST), so no one's build replaces another's mid-run.
    command: process.env.E2E_SERVER_COMMAND ?? 'node apps/server/dist/src/server.js',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // Four servers start at once on two cores, each making its embedded database and market history:
    // on a busy machine one took 54 s, so a minute is too close.
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL ?? '',
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD ?? '',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      LOG_LEVEL: 'warn',
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
      NODE_ENV: 'production',
      PUBLIC_URL: `http://${host}:${port}`,
      ...env,
    },
  };
}

/**
 * End-to-end journeys in Debian's Chromium against the real server (built app, fresh embedded
 * database per run). `npm run test:e2e` builds first.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      // The news provider's stand-in (e2e/support/fake-finnhub.ts): nothing outside is reachable.
      command: 'npx tsx e2e/support/fake-finnhub.ts',
      url: `${finnhubURL}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { PORT: process.env.E2E_FINNHUB_PORT, DOWN_TOKEN: NEWS_DOWN_TOKEN },
    },
    appServer(
      process.env.E2E_PORT,
      {
        DATA_DIR: process.env.E2E_DATA_DIR,
        CONTENT_FILE: process.env.E2E_CONTENT_FILE,
        FINNHUB_TOKEN: 'e2e-token',
        FINNHUB_URL: finnhubURL,
        // Withdrawal journeys here type their address; e2e/money/address-book.spec.ts runs on the
        // PostgreSQL app with the default (saved addresses only, 24 hours' wait moved by SQL).
        WITHDRAWAL_ONE_OFF_ADDRESSES: 'true',
        // The chain journeys watch Confirming n/N move block by block. With no watch (every
        // other journey) a run is one read of an empty table.
        CHAIN_WATCH_INTERVAL_MS: '500',
      },
      // WebAuthn refuses an IP address: the passkey journey opens this server as localhost. Pages
      // opened at 127.0.0.1 still sign in (their browser says Sec-Fetch-Site: same-origin).
      'localhost',
    ),
    appServer(process.env.E2E_NO_NEWS_PORT, { DATA_DIR: process.env.E2E_NO_NEWS_DATA_DIR }),
    appServer(process.env.E2E_PG_PORT, {
      DATABASE_URL: process.env.E2E_PG_DATABASE_URL,
      PAYOUTS_AUTO_PROCESS: 'false',
    }),
    appServer(process.env.E2E_NEWS_DOWN_PORT, {
      DATA_DIR: process.env.E2E_NEWS_DOWN_DATA_DIR,
      FINNHUB_TOKEN: NEWS_DOWN_TOKEN,
      FINNHUB_URL: finnhubURL,
      // Mail by SMTP, for the outbox journey: one attempt, soon after it is queued, so a mail fails
      // at once while no SMTP server listens. No other journey reads this app's mail.
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      MAIL_MAX_ATTEMPTS: '1',
      MAIL_RETRY_BASE_SECONDS: '1',
      MAIL_INTERVAL_MS: '500',
    }),
  ],
});
