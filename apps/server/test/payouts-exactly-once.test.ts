import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { THealth } from '@meridian/contracts/health';
import type { TPayoutPage } from '@meridian/contracts/payouts';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../src/db/client.ts';
import { verifyLedger } from '../src/ledger/verify.ts';
import { signInOverHttp } from './helpers/http-second-factor.ts';
import { seedDuePayouts } from './helpers/payout-fixtures.ts';
import { createDatabase, dropDatabase } from './helpers/postgres-database.ts';
import { startServerProcess, type TServerProcess } from './helpers/server-process.ts';

/**
 * Each payout is paid exactly once (docs/money.md, "Investments and payouts") by real server
 * processes: two servers on one PostgreSQL processing the same due payouts at once, and a server
 * killed with SIGKILL in the middle of processing, then restarted. Checked from the database: every
 * payout Completed, one payout.paid posting and one Payout record each, one maturity per
 * investment, balances that match, and a clean ledger.
 */
const ADMIN = { email: 'payouts.admin@example.com', password: 'payouts-admin-password-1' };
const serverUrl = process.env.DATABASE_URL;

/** A database of the test's own, opened (migrated) here; on PGlite only while no server holds it. */
interface TTestDatabase {
  env: Record<string, string>;
  /** Runs `work` on the database (on PGlite: opens it, so no server may be running). */
  with<T>(work: (db: Database['db']) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

async function postgresDatabase(base: string): Promise<TTestDatabase> {
  const { name, url, admin } = await createDatabase(base, 'meridian_payouts');
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
  return {
    env: { DATABASE_URL: url.toString() },
    with: (work) => work(database.db),
    async drop() {
      await database.close();
      await dropDatabase(admin, name);
      await admin.end();
    },
  };
}

function embeddedDatabase(): TTestDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-payouts-'));
  const dataDir = join(dir, 'data');
  return {
    env: { DATA_DIR: dataDir },
    async with(work) {
      const database = await openDatabase({ dataDir });
      try {
        return await work(database.db);
      } finally {
        await database.close();
      }
    },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

let servers: TServerProcess[] = [];
let database: TTestDatabase | undefined;
afterEach(async () => {
  await Promise.all(servers.map((server) => server.kill()));
  servers = [];
  await database?.drop();
  database = undefined;
});

const start = (env: Record<string, string>) =>
  startServerProcess({
    ...database?.env,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    JWT_SECRET: 'p'.repeat(40),
    ...env,
  }).then((server) => {
    servers.push(server);
    return server;
  });

async function signIn(server: TServerProcess): Promise<string> {
  return (await signInOverHttp(server.url, ADMIN.email, ADMIN.password)).auth.accessToken;
}

async function processAll(server: TServerProcess, token: string): Promise<number> {
  const res = await fetch(`${server.url}/api/trade`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  const body = await res.text();
  expect(res.status, body).toBe(200);
  return (JSON.parse(body) as { processed: number }).processed;
}

async function dueCount(server: TServerProcess, token: string): Promise<number> {
  const res = await fetch(`${server.url}/api/trade/due_trade?limit=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as TPayoutPage).total;
}

async function jobProcessed(server: TServerProcess): Promise<number> {
  const health = (await (await fetch(`${server.url}/api/health`)).json()) as THealth;
  return health.jobs.find((job) => job.name === 'payouts')?.totalProcessed ?? 0;
}

/** Everything that must hold once all `expected` payouts of `investments` investments are settled. */
async function expectPaidOnce(
  db: Database['db'],
  expected: { payouts: number; investments: number; amount: number; principal: number },
) {
  const [counts] = await queryRows<{
    completed: number;
    pending: number;
    postings: number;
    paid_refs: number;
    records: number;
    matured: number;
    matured_refs: number;
    matured_investments: number;
    profit: string;
    balance: string;
    trading: string;
  }>(
    db,
    sql`
    select
      (select count(*)::int from payouts where status = 'Completed') as completed,
      (select count(*)::int from payouts where status = 'Pending') as pending,
      (select count(*)::int from ledger_transactions where kind = 'payout.paid') as postings,
      (select count(distinct ref_id)::int from ledger_transactions where kind = 'payout.paid') as paid_refs,
      (select count(*)::int from transactions where type = 'Payout') as records,
      (select count(*)::int from ledger_transactions where kind = 'investment.matured') as matured,
      (select count(distinct ref_id)::int from ledger_transactions where kind = 'investment.matured') as matured_refs,
      (select count(*)::int from investments where matured_at is not null) as matured_investments,
      (select sum(profit_balance)::text from users) as profit,
      (select sum(balance)::text from users) as balance,
      (select sum(trading_balance)::text from users) as trading`,
  );
  expect(counts).toEqual({
    completed: expected.payouts,
    pending: 0,
    postings: expected.payouts,
    paid_refs: expected.payouts,
    records: expected.payouts,
    matured: expected.investments,
    matured_refs: expected.investments,
    matured_investments: expected.investments,
    profit: String(expected.payouts * expected.amount),
    balance: String(expected.investments * expected.principal),
    trading: '0',
  });
  expect(await verifyLedger(db)).toMatchObject({ ok: true, total: '0', differences: [], unbalancedTransactions: [] });
}

/** A settled state at any instant: every Completed payout has exactly one posting and one record, no other has any. */
async function expectConsistent(db: Database['db']) {
  const [broken] = await queryRows<{ paid_without: number; posted_twice: number; posted_pending: number }>(
    db,
    sql`
    select
      (select count(*)::int from payouts p where p.status = 'Completed' and (
         (select count(*) from ledger_transactions l where l.kind = 'payout.paid' and l.ref_id = p.id) <> 1
         or not exists (select 1 from transactions t where t.id = p.id))) as paid_without,
      (select count(*)::int from (select ref_id from ledger_transactions where kind = 'payout.paid'
         group by ref_id having count(*) > 1) twice) as posted_twice,
      (select count(*)::int from payouts p where p.status = 'Pending' and (
         exists (select 1 from ledger_transactions l where l.kind = 'payout.paid' and l.ref_id = p.id)
         or exists (select 1 from transactions t where t.id = p.id))) as posted_pending`,
  );
  expect(broken).toEqual({ paid_without: 0, posted_twice: 0, posted_pending: 0 });
  expect(await verifyLedger(db)).toMatchObject({ ok: true, total: '0' });
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// 10,000 due payouts: 500 clients × 2 investments × 10 payouts of $1.23 on $500.00 each.
const SEED = { clients: 500, investmentsPerClient: 2, payoutsPerInvestment: 10, amount: 123, principal: 50_000 };
const EXPECTED = { payouts: 10_000, investments: 1_000, amount: SEED.amount, principal: SEED.principal };

describe.skipIf(!serverUrl)('two servers on one PostgreSQL', () => {
  it('pay the same 10,000 due payouts exactly once between them', async () => {
    database = await postgresDatabase(serverUrl as string);
    // Both with the automatic job every 100 ms, and Process All Trades pressed on both as well.
    const [a, b] = await Promise.all([
      start({ PAYOUTS_AUTO_PROCESS: 'true', JOBS_INTERVAL_MS: '100' }),
      start({ PAYOUTS_AUTO_PROCESS: 'true', JOBS_INTERVAL_MS: '100' }),
    ]);
    if (!a || !b) throw new Error('no servers');
    const [tokenA, tokenB] = await Promise.all([signIn(a), signIn(b)]);
    await database.with((db) => seedDuePayouts(db, SEED));
    const pressed = await Promise.all([processAll(a, tokenA), processAll(b, tokenB), processAll(a, tokenA)]);
    await database.with((db) =>
      waitFor(async () => {
        const [row] = await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from payouts where status = 'Pending'`,
        );
        return row?.n === 0;
      }, 'every payout to be paid'),
    );
    // The processors' own counts add up to exactly the number of payouts: nobody paid one twice.
    const byJob = [await jobProcessed(a), await jobProcessed(b)];
    const all = [...pressed, ...byJob];
    expect(all.reduce((x, y) => x + y, 0)).toBe(EXPECTED.payouts);
    // Both servers took part.
    expect((pressed[0] ?? 0) + (pressed[2] ?? 0) + (byJob[0] ?? 0)).toBeGreaterThan(0);
    expect((pressed[1] ?? 0) + (byJob[1] ?? 0)).toBeGreaterThan(0);
    await database.with((db) => expectPaidOnce(db, EXPECTED));
  }, 300_000);
});

describe('a server killed while it pays', () => {
  it('kill -9 in the middle of processing, then a restart: nothing is paid twice or lost', async () => {
    database = serverUrl ? await postgresDatabase(serverUrl) : embeddedDatabase();
    // The embedded database takes one process at a time: seed it before the server starts.
    if (!serverUrl) await database.with((db) => seedDuePayouts(db, SEED));
    let server = await start({ PAYOUTS_AUTO_PROCESS: 'false' });
    let token = await signIn(server);
    if (serverUrl) await database.with((db) => seedDuePayouts(db, SEED));
    expect(await dueCount(server, token)).toBe(EXPECTED.payouts);

    // Process All Trades, killed once some batches have committed and others are still due.
    const pressed = processAll(server, token).catch(() => null);
    let due = EXPECTED.payouts;
    await waitFor(async () => {
      due = await dueCount(server, token);
      return due < EXPECTED.payouts;
    }, 'the first batches to commit');
    await server.kill();
    servers = servers.filter((s) => s !== server);
    expect(await pressed).toBeNull();
    expect(due, 'processing ended before the kill').toBeGreaterThan(0);

    await database.with(async (db) => {
      await expectConsistent(db);
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from payouts where status = 'Pending'`,
      );
      expect(row?.n).toBeGreaterThan(0);
    });

    // Restarted with the automatic job on: it pays the rest by itself.
    server = await start({ PAYOUTS_AUTO_PROCESS: 'true', JOBS_INTERVAL_MS: '100' });
    token = await signIn(server);
    await waitFor(async () => (await dueCount(server, token)) === 0, 'the restarted server to pay the rest');
    await server.kill();
    servers = [];
    await database.with((db) => expectPaidOnce(db, EXPECTED));
  }, 300_000);
});
