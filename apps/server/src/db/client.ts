import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import * as audit from './schema/audit.ts';
import * as investments from './schema/investments.ts';
import * as ledger from './schema/ledger.ts';
import * as mail from './schema/mail.ts';
import * as messages from './schema/messages.ts';
import * as money from './schema/money.ts';
import * as plans from './schema/plans.ts';
import * as security from './schema/security.ts';
import * as sessions from './schema/sessions.ts';
import * as support from './schema/support.ts';
import * as trading from './schema/trading.ts';
import * as users from './schema/users.ts';

export const schema = {
  ...users,
  ...sessions,
  ...security,
  ...messages,
  ...ledger,
  ...money,
  ...plans,
  ...investments,
  ...mail,
  ...audit,
  ...support,
  ...trading,
};
type TSchema = typeof schema;

/** The one database type the code is written against: PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, TSchema>;
export type Tx = PgTransaction<PgQueryResultHKT, TSchema, ExtractTablesWithRelations<TSchema>>;
/** A function that works inside or outside a transaction takes `DbOrTx`. */
export type DbOrTx = Db | Tx;

/**
 * Runs `fn` in a database transaction: `db` itself when it already is one (an idempotent request's,
 * docs/money.md, "Idempotency"), otherwise a new one. Unlike `db.transaction` inside a transaction
 * it opens no savepoint, two statements fewer: for work whose every error ends the request, so
 * nothing would ever roll back to one.
 */
export function inTransaction<T>(db: DbOrTx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db instanceof PgTransaction ? fn(db as Tx) : db.transaction(fn);
}

export type DbKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DbKind;
  close(): Promise<void>;
}

const MIGRATIONS = resolve(import.meta.dirname, 'migrations');

/** The folder of DATA_DIR that holds the embedded database's files (beside the lock and uploads). */
export function embeddedDatabaseDir(dataDir: string): string {
  return resolve(dataDir, 'pglite');
}

/** The session advisory lock the servers on one PostgreSQL database take in turn to migrate it. */
const MIGRATION_LOCK = "hashtext('meridian.migrations')";

/**
 * Applies the migrations holding MIGRATION_LOCK on one connection, so that servers starting together
 * on one database (several behind a proxy, a new version rolled out) migrate one after the other: the
 * later ones then find every migration applied, instead of failing on a table the first just made.
 */
async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await migratePg(drizzlePg(client, { schema, casing: 'snake_case' }), { migrationsFolder: MIGRATIONS });
    } finally {
      await client.query(`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  } finally {
    client.release();
  }
}

/**
 * PostgreSQL when `databaseUrl` is given, otherwise the embedded PGlite: in `dataDir` on disk, or in
 * memory when `dataDir` is `memory://`. Migrations are applied before it is returned.
 *
 * On disk, the process first takes `dataDir`'s lock (data-dir-lock.ts), held until `close()`: while
 * another live process holds it, this throws `DataDirLockedError` before anything is opened.
 */
export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the database ended (a restart, a failover, an operator) is reported here;
    // the pool has already discarded it and the next query opens a new one. Without a listener
    // Node would treat the event as an uncaught error and stop the server.
    pool.on('error', (err) => process.emitWarning(`PostgreSQL closed an idle connection: ${err.message}`));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    await migratePostgres(pool);
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  if (options.dataDir === 'memory://') return openPglite(undefined);
  const lock = lockDataDir(options.dataDir);
  try {
    const dataDir = embeddedDatabaseDir(options.dataDir);
    mkdirSync(dataDir, { recursive: true });
    const database = await openPglite(dataDir);
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}

/** pg_trgm: the trigram index of client search (PostgreSQL ships it as a contrib extension). */
export const PGLITE_EXTENSIONS = { pg_trgm };

async function openPglite(dataDir: string | undefined): Promise<Database> {
  // The options-only form: given `undefined` as the data directory, PGlite loads no extension.
  const client = new PGlite({ ...(dataDir === undefined ? {} : { dataDir }), extensions: PGLITE_EXTENSIONS });
  try {
    const db = drizzlePglite(client, { schema, casing: 'snake_case' });
    await migratePglite(db, { migrationsFolder: MIGRATIONS });
    return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
  } catch (err) {
    await client.close().catch(() => undefined);
    throw err;
  }
}

/**
 * For PostgreSQL, a maker of clients of their own, outside `db`'s pool and with its settings: for
 * session state a pooled connection cannot keep (LISTEN, a session advisory lock: the shared market
 * feed, providers/market/shared-feed.ts). Undefined for the embedded database.
 */
export function standaloneClients(db: Db): (() => pg.Client) | undefined {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return undefined;
  return () => new pg.Client({ ...pool.options, keepAlive: true });
}

/** What PostgreSQL's connection pool holds now (`poolStats`). */
export interface TPoolStats {
  /** Connections open: in use or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection: every connection is in use and the pool is at `max`. */
  waiting: number;
  max: number;
}

/**
 * On PostgreSQL, what tells the connection pool's figures at any moment; undefined on the embedded
 * database, which is one connection without a pool.
 */
export function poolStatsOf(db: Db): (() => TPoolStats) | undefined {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return undefined;
  return () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max });
}

/**
 * Rows of a raw SQL query. PGlite and node-postgres both answer `{ rows }`; the shared Db type
 * cannot say so, hence this one cast.
 */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
