import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TUserType } from '@meridian/contracts/constants';
import type { TLedgerReport } from '@meridian/contracts/ledger';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type TConfigOverrides } from '../../src/config.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { verifyLedger } from '../../src/ledger/verify.ts';
import type { TLogStream } from '../../src/lib/log-redaction.ts';
import { signedInUser, type TSignedIn } from './factories.ts';
import { createDatabase, dropDatabase } from './postgres-database.ts';

export interface TestApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * The whole app on a database of its own: an in-memory PGlite, or, when DATABASE_URL is set, a new
 * PostgreSQL database created for this test file and dropped afterwards. With `sameDatabaseAs`, a
 * second app (other settings) on the database of an existing one, which keeps owning it; this saves
 * starting another PGlite (seconds) for a test that only needs different settings.
 */
export async function buildTestApp(
  overrides: TConfigOverrides = {},
  options: { sameDatabaseAs?: TestApp; logStream?: TLogStream } = {},
): Promise<TestApp> {
  // Uploaded files go to a folder of this app's own, removed on close.
  const filesDir = options.sameDatabaseAs?.app.config.FILES_DIR ?? mkdtempSync(join(tmpdir(), 'meridian-files-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      SUPPORT_RATE_LIMIT_PER_MINUTE: '100000',
      // The site's address where app.inject's requests seem to go (Host: localhost:80). A test may
      // set another, or take it away (`PUBLIC_URL: undefined`) to get the listening address's.
      PUBLIC_URL: 'http://localhost',
    },
    // Half an hour of simulated history (not a day) unless a test asks: every app writes it to its database.
    // The margin check runs when a test runs it (margin.test.ts, `jobs.runNow('margin')`): other tests fund
    // a client just for what they open and move prices far, which would otherwise close positions out.
    {
      WEB_DIST: '/nonexistent',
      FILES_DIR: filesDir,
      MARKET_HISTORY_MINUTES: 30,
      MARGIN_CHECK_MS: 86_400_000,
      ...overrides,
    },
  );
  const serverUrl = process.env.DATABASE_URL;
  let database: Database;
  let dropOwnDatabase = async () => {};
  const shared = options.sameDatabaseAs?.app;
  if (shared) {
    database = { db: shared.db, kind: shared.dbKind, close: async () => {} };
  } else if (serverUrl) {
    const { name, url, admin } = await createDatabase(serverUrl, 'meridian_test');
    await admin.end();
    database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
    dropOwnDatabase = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await dropDatabase(c, name);
      await c.end();
    };
  } else {
    database = await openDatabase({ dataDir: 'memory://' });
  }
  const app = await buildApp({ config, database, logStream: options.logStream });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
      await dropOwnDatabase();
      if (!shared) rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/** `buildSignedInApp`'s answer: the app, and each signed-in user under its type in lower case (`admin`). */
export type TSignedInApp<T extends TUserType> = { t: TestApp; app: FastifyInstance } & Record<Lowercase<T>, TSignedIn>;

/**
 * The set-up most API test files share: the app (as `buildTestApp`), and one new user of each of
 * `types` signed in. A file builds it at its top (`const { t, app, admin } = await …`) and closes
 * `t` in `afterAll`; should a sign-in fail, the app is closed here.
 */
export async function buildSignedInApp<T extends TUserType>(
  types: readonly T[],
  overrides: TConfigOverrides = {},
): Promise<TSignedInApp<T>> {
  const t = await buildTestApp(overrides);
  try {
    const users = await Promise.all(types.map(async (type) => [type.toLowerCase(), await signedInUser(t.app, type)]));
    return { t, app: t.app, ...Object.fromEntries(users) } as TSignedInApp<T>;
  } catch (error) {
    await t.close();
    throw error;
  }
}

/**
 * Closes a money test's app once its ledger is checked: by default balanced to the cent, every
 * posting summing to zero; `expected` for a file whose ledger is only to be consistent.
 */
export async function closeAfterLedgerCheck(
  t: TestApp,
  expected: Partial<TLedgerReport> = { ok: true, total: '0' },
): Promise<void> {
  expect(await verifyLedger(t.app.db)).toMatchObject(expected);
  await t.close();
}

/**
 * Two servers on one database, as behind one load balancer: `b` on the database of `a`, with the
 * same settings (one JWT_SECRET among them lets a session work on either). `app` and `close` stand
 * for both: `a`'s app, and closing `b` then `a`.
 */
export async function buildTwoServers(settings: TConfigOverrides): Promise<TestApp & { a: TestApp; b: TestApp }> {
  const a = await buildTestApp(settings);
  const b = await buildTestApp(settings, { sameDatabaseAs: a });
  return {
    a,
    b,
    app: a.app,
    async close() {
      await b.close();
      await a.close();
    },
  };
}
