import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TAuthResponse } from '@meridian/contracts/auth';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema/users.ts';
import { verifyLedger } from '../src/ledger/verify.ts';
import { registrationForm } from './helpers/factories.ts';
import { signInOverHttp } from './helpers/http-second-factor.ts';
import { createDatabase, dropDatabase } from './helpers/postgres-database.ts';
import { startServerProcess, type TServerProcess } from './helpers/server-process.ts';

/**
 * kill -9 between the money change and its stored answer (docs/money.md, "Idempotency"): a
 * database trigger holds the transaction on the answer's write, the server is killed there, and the
 * retry with the same key after the restart must move the money exactly once and answer 200.
 * Runs on PostgreSQL when DATABASE_URL is set, otherwise on an embedded database in a folder.
 */
const ADMIN = { email: 'crash.admin@example.com', password: 'crash-admin-password-1' };
const serverUrl = process.env.DATABASE_URL;

/** SQL on the test's database: through a connection of our own on PostgreSQL; on the embedded
 * database only while no server holds it. */
interface TDatabase {
  env: Record<string, string>;
  exec(statement: string): Promise<void>;
  balanceOf(userId: string): Promise<bigint>;
  verify(): Promise<{ ok: boolean }>;
  /** Resolves once a statement is sleeping in the trigger (or after a pause on the embedded database). */
  waitForSleep(): Promise<void>;
  /** Ends what the dead server left: PostgreSQL only notices a vanished client when it next talks to it. */
  endOrphans(): Promise<void>;
  drop(): Promise<void>;
}

async function postgresDatabase(base: string): Promise<TDatabase> {
  const { name, url, admin } = await createDatabase(base, 'meridian_crash');
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
  const conn = new pg.Client({ connectionString: url.toString() });
  await conn.connect();
  return {
    env: { DATABASE_URL: url.toString() },
    exec: async (statement) => void (await conn.query(statement)),
    balanceOf: async (id) =>
      BigInt((await conn.query('select balance from users where id = $1', [id])).rows[0].balance),
    verify: () => verifyLedger(db.db),
    async waitForSleep() {
      for (let i = 0; i < 300; i++) {
        const { rows } = await conn.query(
          "select 1 from pg_stat_activity where datname = $1 and wait_event = 'PgSleep'",
          [name],
        );
        if (rows.length > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the request never reached the answer write');
    },
    async endOrphans() {
      await conn.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and wait_event = $2',
        [name, 'PgSleep'],
      );
    },
    async drop() {
      await conn.end();
      await db.close();
      await dropDatabase(admin, name);
      await admin.end();
    },
  };
}

async function embeddedDatabase(): Promise<TDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-crash-'));
  const dataDir = join(dir, 'data');
  const withDb = async <T>(run: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>): Promise<T> => {
    const db = await openDatabase({ dataDir });
    try {
      return await run(db);
    } finally {
      await db.close();
    }
  };
  return {
    env: { DATA_DIR: dataDir },
    exec: (statement) => withDb(async (db) => void (await db.db.execute(statement))),
    balanceOf: (id) =>
      withDb(async (db) => {
        const [row] = await db.db.select({ balance: users.balance }).from(users).where(eq(users.id, id));
        return BigInt(row?.balance ?? -1n);
      }),
    verify: () => withDb((db) => verifyLedger(db.db)),
    // The embedded database runs in the server's own thread: nothing can ask it while it sleeps.
    waitForSleep: () => new Promise((resolve) => setTimeout(resolve, 2_000)),
    endOrphans: async () => {},
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

let database: TDatabase;
let server: TServerProcess | undefined;
beforeAll(async () => {
  database = serverUrl ? await postgresDatabase(serverUrl) : await embeddedDatabase();
}, 120_000);
afterAll(async () => {
  await server?.kill();
  await database.drop();
});

const start = () =>
  startServerProcess({
    ...database.env,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    JWT_SECRET: 'x'.repeat(40),
  });

async function api(path: string, init: { method?: string; body?: unknown; token?: string; key?: string } = {}) {
  const res = await fetch(`${server?.url}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.key ? { 'idempotency-key': init.key } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: res.status, replayed: res.headers.get('idempotent-replayed'), body: await res.text() };
}

async function signIn(email: string, password: string): Promise<TAuthResponse> {
  if (!server) throw new Error('no server');
  return (await signInOverHttp(server.url, email, password)).auth;
}

describe('idempotency across a crash', () => {
  it('a credit killed before its answer was stored is done exactly once by the retry after the restart', async () => {
    server = await start();
    const form = registrationForm();
    expect((await api('/client', { method: 'POST', body: form })).status).toBe(201);
    const client = (await signIn(form.email, form.password)).user;
    let admin = await signIn(ADMIN.email, ADMIN.password);
    const credit = () =>
      api(`/user/fund/${client.id}`, {
        method: 'POST',
        token: admin.accessToken,
        key: 'crash-credit-1',
        body: { amount: 40, reason: 'Wire received' },
      });

    // The answer's write sleeps: the process dies while the transaction is open.
    if (!serverUrl) {
      await server.kill();
      server = undefined;
    }
    await database.exec(`
      create or replace function test_hold_answer() returns trigger language plpgsql as $$
      begin perform pg_sleep(60); return new; end $$`);
    await database.exec(`
      create trigger test_hold_answer before insert or update on idempotency_keys
      for each row when (new.status_code is not null) execute function test_hold_answer();`);
    if (!server) {
      server = await start();
      admin = await signIn(ADMIN.email, ADMIN.password);
    }
    const pending = credit().catch(() => null);
    await database.waitForSleep();
    await server.kill();
    server = undefined;
    expect(await pending).toBeNull();
    await database.endOrphans();

    await database.exec('drop trigger test_hold_answer on idempotency_keys');
    expect(await database.balanceOf(client.id)).toBe(0n);
    server = await start();
    admin = await signIn(ADMIN.email, ADMIN.password);
    const retry = await credit();
    expect(retry.status).toBe(200);
    expect(retry.replayed).toBeNull();
    const again = await credit();
    expect(again).toMatchObject({ status: 200, replayed: 'true', body: retry.body });
    await server.kill();
    server = undefined;
    expect(await database.balanceOf(client.id)).toBe(4000n);
    expect(await database.verify()).toMatchObject({ ok: true });
  }, 180_000);
});
