import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, type Db, openDatabase } from '../../src/db/client.ts';
import { createDatabase, dropDatabase } from './postgres-database.ts';

/**
 * A database of its own for server processes a test starts, stops and kills
 * (`startServerProcess`): a new PostgreSQL database when DATABASE_URL is set, otherwise an
 * embedded one in a temporary folder, which every restart reuses.
 */
export interface TServerDatabase {
  kind: 'postgres' | 'pglite';
  /** What the server process needs to open it (DATABASE_URL or DATA_DIR). */
  env: Record<string, string>;
  /**
   * Runs `read` on the database. On PostgreSQL at any time, through a pool of the test's own; on
   * the embedded database only while no server holds it (one process per data dir): opened, and
   * its lock taken over from a killed server, for `read` alone.
   */
  inspect<T>(read: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Ends the connections a killed server left behind: PostgreSQL only notices a vanished client
   * when it next talks to it, and until then its transaction holds its locks. Nothing to do on the
   * embedded database, which died with the process.
   */
  endOrphans(): Promise<void>;
  drop(): Promise<void>;
}

/** Marks the test's own connections, so that `endOrphans` ends only the server's. */
const INSPECTOR = 'meridian-test-inspector';

export function serverDatabase(): Promise<TServerDatabase> {
  const url = process.env.DATABASE_URL;
  return url ? postgresDatabase(url) : embeddedDatabase();
}

async function postgresDatabase(base: string): Promise<TServerDatabase> {
  const { name, url, admin } = await createDatabase(base, 'meridian_proc');
  const inspectorUrl = new URL(url);
  inspectorUrl.searchParams.set('application_name', INSPECTOR);
  // Migrated here, before any server starts.
  const database: Database = await openDatabase({ databaseUrl: inspectorUrl.toString(), dataDir: 'memory://' });
  const others = async (): Promise<number> => {
    const { rows } = await admin.query(
      `select count(*)::int as n from pg_stat_activity
       where datname = $1 and backend_type = 'client backend' and application_name <> $2`,
      [name, INSPECTOR],
    );
    return rows[0]?.n ?? 0;
  };
  return {
    kind: 'postgres',
    env: { DATABASE_URL: url.toString() },
    inspect: (read) => read(database.db),
    async endOrphans() {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = $1 and backend_type = 'client backend' and application_name <> $2`,
        [name, INSPECTOR],
      );
      for (let i = 0; i < 250 && (await others()) > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      if ((await others()) > 0) throw new Error('the dead server’s connections did not end');
    },
    async drop() {
      await database.close();
      await dropDatabase(admin, name);
      await admin.end();
    },
  };
}

async function embeddedDatabase(): Promise<TServerDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-proc-'));
  const dataDir = join(dir, 'data');
  return {
    kind: 'pglite',
    env: { DATA_DIR: dataDir },
    async inspect(read) {
      const database = await openDatabase({ dataDir });
      try {
        return await read(database.db);
      } finally {
        await database.close();
      }
    },
    endOrphans: async () => {},
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}
