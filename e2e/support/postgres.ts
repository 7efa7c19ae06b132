import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The PostgreSQL database of the e2e app that journeys may move through time (playwright.config.ts).
 * The server is the one CI and development machines run (docs/operations.md, "Running the tests"). Each run gets a database
 * of its own, named with its creation time; a run removes the databases of runs that began over two
 * hours ago (its own server is still connected to its database when the run's teardown would run,
 * so a run cannot drop its own).
 */
export const E2E_POSTGRES_ADMIN_URL = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NAME = /^meridian_e2e_(\d+)_[0-9a-f]{8}$/;
const STALE_AFTER_MS = 2 * 60 * 60 * 1000;

export async function createE2eDatabase(): Promise<string> {
  const name = `meridian_e2e_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: E2E_POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like 'meridian\\_e2e\\_%'",
    );
    for (const { datname } of rows) {
      const started = Number(NAME.exec(datname)?.[1] ?? Number.NaN);
      if (Date.now() - started > STALE_AFTER_MS) await client.query(`drop database if exists ${datname} with (force)`);
    }
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(E2E_POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs SQL on the e2e PostgreSQL app's database. */
export async function e2eSql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const url = process.env.E2E_PG_DATABASE_URL;
  if (!url) throw new Error('E2E_PG_DATABASE_URL is not set (playwright.config.ts sets it)');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
