import { randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { type Db, openDatabase, queryRows } from '../../src/db/client.ts';
import { startHaproxy, type THaproxy } from './haproxy.ts';
import { createDatabase, dropDatabase } from './postgres-database.ts';
import { startServerProcess, type TServerProcess } from './server-process.ts';

/**
 * Several real server processes on one fresh PostgreSQL database behind HAProxy (helpers/haproxy.ts),
 * as an operator runs Meridian on more than one machine (docs/operations.md, "Several servers"): the
 * same DATABASE_URL, JWT_SECRET and REDIS_URL for all, with a REDIS_KEY_PREFIX of the cluster's own
 * so its counts meet no other run's, and TRUST_PROXY naming the address HAProxy connects from
 * (PROXY_SOURCE). Only on PostgreSQL: the embedded database takes one process per data dir.
 */

export const CLUSTER_ADMIN = { email: 'cluster.admin@example.com', password: 'cluster-admin-password-1' };

/** Why a cluster cannot run here, or undefined when it can. */
export const clusterUnavailable = process.env.DATABASE_URL
  ? undefined
  : 'needs DATABASE_URL: several servers share one PostgreSQL (the embedded database takes one process per data dir)';

/** The loopback address HAProxy reaches the servers from: theirs to trust, not the test's own 127.0.0.1. */
const PROXY_SOURCE = '127.0.0.2';

/** A database of the test's own on the server of DATABASE_URL, migrated, with a connection of the test's. */
export interface TClusterDatabase {
  url: string;
  /** The test's own connection: setup in SQL and checks of the outcome. */
  db: Db;
  rows<T>(query: SQL): Promise<T[]>;
  drop(): Promise<void>;
}

/**
 * Creates and migrates the database before any server starts, so the servers start as fast as they
 * would on a live database (servers starting together on an empty one take turns to migrate it:
 * src/db/migrations-together.test.ts). Drops it with whatever a killed server left connected.
 */
export async function createClusterDatabase(base: string): Promise<TClusterDatabase> {
  const { name, url, admin } = await createDatabase(base, 'meridian_cluster');
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
  return {
    url: url.toString(),
    db: database.db,
    rows: (query) => queryRows(database.db, query),
    async drop() {
      await database.close();
      await dropDatabase(admin, name);
      await admin.end();
    },
  };
}

export interface TCluster {
  /** The proxy's origin: each request goes to the next server in turn (its `X-Backend` names which). */
  url: string;
  proxy: THaproxy;
  /** In the proxy's turn order. */
  servers: TServerProcess[];
  database: TClusterDatabase;
  /** Stops the proxy, kills the servers still running and drops the database. */
  stop(): Promise<void>;
}

export interface TClusterOptions {
  /** Two by default. */
  servers?: number;
  /** More settings for every server (JOBS_INTERVAL_MS, AUTH_CACHE_MS…). */
  env?: Record<string, string>;
}

/**
 * The `application_name` of the i-th server's database connections (node-postgres reads PGAPPNAME),
 * so a test can see in `pg_stat_activity` what that server is doing, e.g. that it is inside a
 * transaction when it is killed.
 */
export const serverAppName = (index: number) => `meridian-cluster-${index}`;

/** The settings every server of a cluster shares. */
function sharedEnv(databaseUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    JWT_SECRET: 'cluster-shared-jwt-secret-'.padEnd(48, 'c'),
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: `meridian-cluster-${randomUUID()}:`,
    ADMIN_EMAIL: CLUSTER_ADMIN.email,
    ADMIN_PASSWORD: CLUSTER_ADMIN.password,
    TRUST_PROXY: PROXY_SOURCE,
    // An hour of simulated history is enough for any window a test moves into the past, and quick to make.
    MARKET_HISTORY_MINUTES: '60',
  };
}

export async function startCluster(options: TClusterOptions = {}): Promise<TCluster> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error(clusterUnavailable);
  const database = await createClusterDatabase(base);
  const servers: TServerProcess[] = [];
  let proxy: THaproxy | undefined;
  const stop = async () => {
    await proxy?.stop();
    await Promise.all(servers.map((server) => server.kill()));
    await database.drop();
  };
  try {
    const env = { ...sharedEnv(database.url), ...options.env };
    const started = await Promise.allSettled(
      Array.from({ length: options.servers ?? 2 }, (_, index) =>
        startServerProcess({ ...env, PGAPPNAME: serverAppName(index) }),
      ),
    );
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    const failure = started.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    proxy = await startHaproxy(
      servers.map((server) => server.url),
      { sourceAddress: PROXY_SOURCE },
    );
    return { url: proxy.url, proxy, servers, database, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
