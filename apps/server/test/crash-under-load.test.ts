import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TInvestmentAnswer, TPlanAnswer } from '@meridian/contracts/investments';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { LOCK_FILE } from '../src/db/data-dir-lock.ts';
import { auditLog } from '../src/db/schema/audit.ts';
import { investments } from '../src/db/schema/investments.ts';
import { idempotencyKeys, ledgerTransactions } from '../src/db/schema/ledger.ts';
import { transactions } from '../src/db/schema/money.ts';
import { users } from '../src/db/schema/users.ts';
import { verifyLedger } from '../src/ledger/verify.ts';
import { call, newClient, signIn, type TAnswer, type TCall } from './helpers/process-api.ts';
import { runServerFile } from './helpers/processes.ts';
import { serverDatabase, type TServerDatabase } from './helpers/server-database.ts';
import { startServerProcess, type TServerProcess } from './helpers/server-process.ts';

/**
 * kill -9 under load (docs/money.md, "Idempotency"): money operations at full speed, each with its
 * own Idempotency-Key (admin credits and debits, clients investing from their balance), the server
 * killed with SIGKILL at a random moment, then restarted on the same database. Each round checks
 * from the database that every acknowledged operation is there exactly once, that every other one is
 * all there or not at all (its record, its ledger posting and its stored answer), that balances are
 * the sum of what is there and the ledger verifies; then, after the restart, that retrying each
 * unacknowledged operation with its key does it exactly once (a replay when it was already done).
 *
 * CRASH_ROUNDS rounds (default 5) on one database: PostgreSQL when DATABASE_URL is set, otherwise
 * an embedded one in a folder that every restart reuses. CRASH_SEED repeats a run (it is printed).
 */
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 5);
const SEED = Number(process.env.CRASH_SEED ?? randomInt(2 ** 31));
const ADMIN = { email: 'load.admin@example.com', password: 'load-admin-password-1' };
/** Each client's balance row is locked by each of its operations: more clients, more at once. */
const CLIENTS = 6;
/** Requests in flight at once. */
const CONCURRENCY = 16;
/** The kill comes this long after the load starts, at a random point between the two. */
const KILL_AFTER_MS = [300, 2_500] as const;
/** Each client's first credit: debits and investments never run short. */
const FUNDING_CENTS = 100_000_000;

/** A small seeded generator (mulberry32): the same seed, the same operations and kill moments. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

type TKind = 'credit' | 'debit' | 'invest';

interface TOp {
  /** Unique: the Idempotency-Key, and how the database record is found. */
  ref: string;
  kind: TKind;
  client: number;
  cents: number;
  /** 2xx seen by the caller, with its body; `lost`: the connection died first. */
  outcome: 'pending' | 'acknowledged' | 'lost' | 'unexpected';
  answer?: TAnswer;
  inFlightAtKill?: boolean;
}

interface TClient {
  id: string;
  token: string;
}

const random = seeded(SEED);
let database: TServerDatabase;
let server: TServerProcess | undefined;
let adminToken = '';
let planId = '';
const clients: TClient[] = [];
const ops: TOp[] = [];
let opCount = 0;

const start = async () => {
  server = await startServerProcess({
    ...database.env,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    JWT_SECRET: 'l'.repeat(40),
    MARKET_HISTORY_MINUTES: '30',
    // Its credits are large and run at once; waiting for a second staff member is approvals.test.ts's.
    APPROVAL_ADJUSTMENT_ABOVE: 'off',
    APPROVAL_WITHDRAWAL_ABOVE: 'off',
  });
  return server;
};

/** The request an operation makes; the same every time it is sent. */
function requestOf(op: TOp): { path: string } & TCall {
  const client = clients[op.client] as TClient;
  const amount = (op.cents / 100).toFixed(2);
  if (op.kind === 'invest') {
    return {
      path: '/investment/invest-from-balance',
      method: 'POST',
      token: client.token,
      key: op.ref,
      body: { amount, user: client.id, investmentPlan: planId },
    };
  }
  return {
    path: `/user/${op.kind === 'credit' ? 'fund' : 'debit'}/${client.id}`,
    method: 'POST',
    token: adminToken,
    key: op.ref,
    body: { amount, reason: reasonOf(op) },
  };
}

const reasonOf = (op: TOp) => `load test ${op.ref}`;

function newOp(round: number, kind: TKind, client: number, cents?: number): TOp {
  const n = opCount++;
  // An investment is found by its client and amount: the op's number makes the amount unique.
  const amount =
    cents ?? (kind === 'invest' ? 1_000 + n : kind === 'credit' ? random.int(500, 9_999) : random.int(100, 999));
  const op: TOp = { ref: `crash-${SEED}-r${round}-${n}`, kind, client, cents: amount, outcome: 'pending' };
  ops.push(op);
  return op;
}

async function send(url: string, op: TOp): Promise<TAnswer> {
  const { path, ...init } = requestOf(op);
  return call(url, path, init);
}

function settle(op: TOp, outcome: TAnswer | Error) {
  if (outcome instanceof Error) op.outcome = 'lost';
  else {
    op.answer = outcome;
    op.outcome = outcome.status >= 200 && outcome.status < 300 ? 'acknowledged' : 'unexpected';
  }
}

/** What the database holds of each operation, checked; answers which operations are there. */
async function inspect(db: Db, label: string): Promise<Set<TOp>> {
  const ids = clients.map((c) => c.id);
  const adjustments = await db
    .select({ id: transactions.id, reason: transactions.reason, amount: transactions.amount })
    .from(transactions)
    .where(and(inArray(transactions.userId, ids), eq(transactions.type, 'Adjustment')));
  const invested = await db
    .select({ id: transactions.id, userId: transactions.userId, amount: transactions.amount, terms: investments.id })
    .from(transactions)
    .leftJoin(investments, eq(investments.id, transactions.id))
    .where(and(inArray(transactions.userId, ids), eq(transactions.type, 'Investment')));
  const postings = await db
    .select({ refId: ledgerTransactions.refId })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.refType, 'transaction'));
  const audited = await db
    .select({ entityId: auditLog.entityId })
    .from(auditLog)
    .where(and(inArray(auditLog.targetUserId, ids), eq(auditLog.entityType, 'transaction')));
  const keys = await db
    .select({ key: idempotencyKeys.key, status: idempotencyKeys.statusCode })
    .from(idempotencyKeys)
    .where(like(idempotencyKeys.key, `crash-${SEED}-%`));
  const balances = await db
    .select({ id: users.id, balance: users.balance, trading: users.tradingBalance })
    .from(users)
    .where(inArray(users.id, ids));

  const postingsOf = new Map<string, number>();
  for (const { refId } of postings) if (refId) postingsOf.set(refId, (postingsOf.get(refId) ?? 0) + 1);
  const auditsOf = new Map<string, number>();
  for (const { entityId } of audited) if (entityId) auditsOf.set(entityId, (auditsOf.get(entityId) ?? 0) + 1);
  const keyOf = new Map(keys.map((k) => [k.key, k.status]));
  const problems: string[] = [];
  const present = new Set<TOp>();
  const claimed = new Set<string>();
  for (const op of ops) {
    const client = clients[op.client] as TClient;
    const rows =
      op.kind === 'invest'
        ? invested.filter((row) => row.userId === client.id && row.amount === BigInt(op.cents))
        : adjustments.filter((row) => row.reason === reasonOf(op));
    for (const row of rows) claimed.add(row.id);
    const must = op.outcome === 'acknowledged';
    if (rows.length > 1 || (must && rows.length === 0)) {
      problems.push(`${op.ref} (${op.kind}, ${op.outcome}): ${rows.length} records`);
      continue;
    }
    const row = rows[0];
    const key = keyOf.get(op.ref);
    if (!row) {
      // Not done at all: no stored answer either, so a retry does it.
      if (key !== undefined) problems.push(`${op.ref}: no record but a stored answer (${key})`);
      continue;
    }
    present.add(op);
    if (row.amount !== BigInt(op.cents)) problems.push(`${op.ref}: amount ${row.amount}, sent ${op.cents}`);
    if (postingsOf.get(row.id) !== 1) problems.push(`${op.ref}: ${postingsOf.get(row.id) ?? 0} ledger postings`);
    if ('terms' in row && row.terms === null) problems.push(`${op.ref}: an investment record without its terms`);
    if (op.kind !== 'invest' && auditsOf.get(row.id) !== 1) {
      problems.push(`${op.ref}: ${auditsOf.get(row.id) ?? 0} audit entries`);
    }
    // Done with a key: its answer was stored in the same transaction (the funding is done without one).
    if (op.ref.includes('-fund-')) continue;
    if (key === undefined || key === null || key < 200 || key > 299) {
      problems.push(`${op.ref}: done, but its stored answer is ${key}`);
    }
  }
  for (const row of [...adjustments, ...invested]) {
    if (!claimed.has(row.id)) problems.push(`record ${row.id} belongs to no operation`);
  }
  clients.forEach((client, i) => {
    let balance = 0n;
    let trading = 0n;
    for (const op of present) {
      if (op.client !== i) continue;
      const cents = BigInt(op.cents);
      if (op.kind === 'credit') balance += cents;
      if (op.kind === 'debit') balance -= cents;
      if (op.kind === 'invest') {
        balance -= cents;
        trading += cents;
      }
    }
    const row = balances.find((b) => b.id === client.id);
    if (row?.balance !== balance || row.trading !== trading) {
      problems.push(`client ${i}: balance ${row?.balance}/${row?.trading}, operations say ${balance}/${trading}`);
    }
  });
  const ledger = await verifyLedger(db);
  if (!ledger.ok) problems.push(`ledger: ${JSON.stringify(ledger)}`);
  expect(problems, `${label} (seed ${SEED})`).toEqual([]);
  return present;
}

beforeAll(async () => {
  console.info(`crash under load: seed ${SEED} (CRASH_SEED=${SEED} repeats it), ${ROUNDS} rounds`);
  database = await serverDatabase();
  const { url } = await start();
  adminToken = (await signIn(url, ADMIN.email, ADMIN.password)).accessToken;
  const plan = await call(url, '/investmentplan', {
    method: 'POST',
    token: adminToken,
    body: { name: 'Load Plan', interest: 10, duration: 7, noOfTimes: 1, minAmount: 10, maxAmount: 100_000 },
  });
  expect(plan.status, plan.body).toBe(201);
  planId = (JSON.parse(plan.body) as TPlanAnswer).investmentPlan.id;
  // Verified through the mailed link: the clients invest as well as being credited.
  for (let i = 0; i < CLIENTS; i++) clients.push(await newClient(url, adminToken));
  for (let i = 0; i < CLIENTS; i++) {
    const op = newOp(0, 'credit', i, FUNDING_CENTS);
    op.ref = op.ref.replace('-r0-', '-fund-');
    const { path, ...init } = requestOf(op);
    settle(op, await call(url, path, { ...init, key: undefined }));
    expect(op.outcome).toBe('acknowledged');
  }
}, 120_000);

afterAll(async () => {
  await server?.kill();
  await database?.drop();
});

describe('crash under load', () => {
  for (let round = 1; round <= ROUNDS; round++) {
    it(`round ${round}: SIGKILL in the middle of money operations, restart, retry`, async () => {
      const startedAt = Date.now();
      const running = server ?? (await start());
      const killAfter = random.int(...KILL_AFTER_MS);
      let killed = false;
      const inFlight = new Set<TOp>();
      const worker = async () => {
        while (!killed) {
          const roll = random.next();
          const op = newOp(round, roll < 0.4 ? 'credit' : roll < 0.7 ? 'debit' : 'invest', random.int(0, CLIENTS - 1));
          inFlight.add(op);
          settle(op, await send(running.url, op).catch((err: Error) => err));
          inFlight.delete(op);
        }
      };
      const load = Date.now();
      const workers = Array.from({ length: CONCURRENCY }, worker);
      await new Promise((resolve) => setTimeout(resolve, killAfter));
      killed = true;
      const atKill = [...inFlight];
      for (const op of atKill) op.inFlightAtKill = true;
      await running.kill();
      server = undefined;
      const loadMs = Date.now() - load;
      if (database.kind === 'pglite') {
        // The killed server's lock is left behind, naming a dead process: the next opener takes it over.
        const lock = readFileSync(join(database.env.DATA_DIR ?? '', LOCK_FILE), 'utf8');
        expect(Number(lock.trim())).toBe(running.child.pid);
      }
      await Promise.all(workers);
      await database.endOrphans();

      const mine = ops.filter((op) => op.ref.includes(`-r${round}-`));
      const unexpected = mine.filter((op) => op.outcome === 'unexpected');
      expect(
        unexpected.map((op) => `${op.ref}: ${op.answer?.status} ${op.answer?.body}`),
        `seed ${SEED}`,
      ).toEqual([]);
      const lost = mine.filter((op) => op.outcome === 'lost');
      // Only what was in flight when the process died can have lost its answer.
      expect(lost.every((op) => op.inFlightAtKill)).toBe(true);

      const present = await database.inspect((db) => inspect(db, `round ${round}, after the kill`));
      const foundDone = lost.filter((op) => present.has(op));

      // Restarted on the same database: each lost operation retried with its key is done once.
      const restarted = await start();
      for (const op of lost) {
        const retry = await send(restarted.url, op);
        expect(retry.status, `${op.ref}: ${retry.body}`).toBeGreaterThanOrEqual(200);
        expect(retry.status, `${op.ref}: ${retry.body}`).toBeLessThan(300);
        expect(retry.replayed, op.ref).toBe(present.has(op) ? 'true' : null);
        op.answer = retry;
        op.outcome = 'acknowledged';
      }
      // A few acknowledged ones again: the stored answer, nothing moved.
      for (const op of mine.filter((o) => o.answer && !lost.includes(o)).slice(0, 5)) {
        const again = await send(restarted.url, op);
        expect(again, op.ref).toMatchObject({ status: op.answer?.status, replayed: 'true', body: op.answer?.body });
      }
      const invested = mine.filter((op) => op.kind === 'invest' && op.outcome === 'acknowledged');
      for (const op of invested.slice(0, 1)) {
        expect((JSON.parse(op.answer?.body ?? '{}') as TInvestmentAnswer).investment.status).toBe('Pending');
      }

      const acknowledged = mine.filter((op) => op.outcome === 'acknowledged' && !lost.includes(op)).length;
      console.info(
        `round ${round}/${ROUNDS}: killed after ${loadMs} ms (planned ${killAfter}); ${acknowledged} acknowledged, ` +
          `${atKill.length} in flight at the kill (${atKill.length - lost.length} answered anyway, ${lost.length} lost); ` +
          `after the restart ${foundDone.length} of the lost were found done (retry replayed), ` +
          `${lost.length - foundDone.length} not done (retry did them); round took ${Date.now() - startedAt} ms`,
      );

      if (round === ROUNDS) {
        await restarted.kill();
        server = undefined;
        await database.endOrphans();
        const all = await database.inspect((db) => inspect(db, 'after the last retries'));
        expect(all.size).toBe(ops.length);
        // And as an operator checks it: `npm run ledger:verify` on the same database.
        const verify = runServerFile('scripts/ledger-verify.ts', [], database.env);
        expect(await verify.exited, verify.stderr()).toBe(0);
      }
    }, 120_000);
  }
});
