import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The databases tests make on the PostgreSQL at DATABASE_URL: one per test file or run, dropped after. */

/**
 * A new, empty database named `<prefix>_<random>` on the server of `base`, its address, and the
 * connection to `base` that made it (the caller drops the database through it, or ends it).
 */
export async function createDatabase(
  base: string,
  prefix: string,
): Promise<{ name: string; url: URL; admin: pg.Client }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { name, url, admin };
}

/**
 * Drops a test's PostgreSQL database through `admin` (a connection to another database), once the
 * test's own pool has gone: pg's `pool.end()` resolves once it has asked its connections to close,
 * not once they have, and dropping "with (force)" at once can kill one mid-goodbye (an unhandled
 * error in the test run). "with (force)" then ends whatever is left: servers still running or
 * killed (PostgreSQL notices a vanished client only when it next talks to it).
 */
export async function dropDatabase(admin: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0]?.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await admin.query(`drop database if exists ${name} with (force)`);
}
