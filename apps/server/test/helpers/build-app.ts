import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type TConfigOverrides } from '../../src/config.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import type { TLogStream } from '../../src/lib/log-redaction.ts';
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
    { WEB_DIST: '/nonexistent', FILES_DIR: filesDir, MARKET_HISTORY_MINUTES: 30, ...overrides },
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
