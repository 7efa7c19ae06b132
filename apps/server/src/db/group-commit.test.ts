import { and, count, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSignedInApp, buildTestApp, closeAfterLedgerCheck } from '../../test/helpers/build-app.ts';
import { createDepositMethodViaApi } from '../../test/helpers/deposits.ts';
import { createUser, signedInUser, signIn, type TSignedIn } from '../../test/helpers/factories.ts';
import { createPlanRow } from '../../test/helpers/investment-fixtures.ts';
import { balancesOf } from '../../test/helpers/withdrawal-api.ts';
import { AppError } from '../lib/app-error.ts';
import { adjustBalance, clearBalances } from '../modules/money/adjustments/index.ts';
import type { Db, Tx } from './client.ts';
import { insertRows } from './group-commit.ts';
import { auditLog } from './schema/audit.ts';
import { idempotencyKeys, ledgerEntries, ledgerTransactions } from './schema/ledger.ts';
import { inAppMessages } from './schema/messages.ts';
import { users } from './schema/users.ts';

/**
 * Group commit (docs/money.md, "Group commit"): money moves sent at once share batches, and each
 * gets exactly what it would get alone, in the order the batches ran them.
 */

const { t, app, admin } = await buildSignedInApp(['Admin']);
afterAll(() => closeAfterLedgerCheck(t));

const newClient = async () => (await createUser(app, 'Client')).id;
const credit = (userId: string, cents: number, key?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/user/fund/${userId}`,
    headers: { ...admin.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { amount: (cents / 100).toFixed(2), reason: 'Batch test' },
  });
const debit = (userId: string, cents: number) =>
  app.inject({
    method: 'POST',
    url: `/api/user/debit/${userId}`,
    headers: admin.headers,
    payload: { amount: (cents / 100).toFixed(2), reason: 'Batch test' },
  });

/** The statistics' change while `body` runs. */
async function statsDuring(body: () => Promise<unknown>) {
  const before = { ...app.groupCommit.stats };
  await body();
  const after = app.groupCommit.stats;
  return {
    batches: after.batches - before.batches,
    moves: after.moves - before.moves,
    splits: after.splits - before.splits,
  };
}

describe('group commit through the API', () => {
  it('runs credits sent at once in shared batches, each moving its money once with its own answer', async () => {
    const clients = await Promise.all(Array.from({ length: 20 }, newClient));
    const sends = clients.flatMap((id, i) => [credit(id, 100 + i, `gc-a-${i}`), credit(id, 1_000, `gc-b-${i}`)]);
    let answers: Awaited<(typeof sends)[number]>[] = [];
    const stats = await statsDuring(async () => {
      answers = await Promise.all(sends);
    });
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((a) => a.body))).toEqual(new Set([JSON.stringify({ message: 'Credit successful' })]));
    // Forty moves in fewer transactions, none of them split, two per client in different batches.
    expect(stats.moves).toBe(40);
    expect(stats.batches).toBeLessThan(40);
    expect(stats.batches).toBeGreaterThanOrEqual(2);
    expect(stats.splits).toBe(0);
    for (const [i, id] of clients.entries()) expect((await balancesOf(app, id)).balance).toBe(BigInt(1_100 + i));
    const keys = await app.db
      .select()
      .from(idempotencyKeys)
      .where(inArray(idempotencyKeys.userId, [admin.id]));
    expect(keys.filter((k) => k.key.startsWith('gc-a-') || k.key.startsWith('gc-b-'))).toHaveLength(40);
  });

  it('starts a move at once when no other is on its way, and waits for the ones that are', async () => {
    const [lone, waiter, latecomer] = (await Promise.all([newClient(), newClient(), newClient()])) as [
      string,
      string,
      string,
    ];
    const move = (id: string) => (tx: Tx) =>
      adjustBalance(
        tx as unknown as Db,
        app.mail,
        admin.id,
        id,
        'credit',
        { amount: '1.00', reason: 'Batch test' },
        { above: null },
      );
    const { batches } = app.groupCommit.stats;
    // Alone: its batch begins before `run` returns, no timer in between.
    const alone = app.groupCommit.run([lone], move(lone));
    expect(app.groupCommit.stats.batches).toBe(batches + 1);
    await alone;
    // With a request on its way (announced, not arrived), the move waits for it and both share a batch.
    // (Other clients than the first move's: a client stays in its batch until the batch has ended,
    // a moment after its answer, and a move of theirs would wait for that instead.)
    const arrived = app.groupCommit.expect();
    const waiting = app.groupCommit.run([waiter], move(waiter));
    expect(app.groupCommit.stats.batches).toBe(batches + 1);
    arrived();
    const joined = app.groupCommit.run([latecomer], move(latecomer));
    await Promise.all([waiting, joined]);
    expect(app.groupCommit.stats.batches).toBe(batches + 2);
    for (const id of [lone, waiter, latecomer]) expect((await balancesOf(app, id)).balance).toBe(100n);
  });

  it('refuses an overdraft in a batch alone: the other moves of the batch go on', async () => {
    const [poor, ...others] = await Promise.all(Array.from({ length: 6 }, newClient));
    if (!poor) throw new Error('no client');
    expect((await credit(poor, 500)).statusCode).toBe(200);
    const [refused, ...credited] = await Promise.all([debit(poor, 501), ...others.map((id) => credit(id, 700))]);
    expect(refused?.statusCode, refused?.body).toBe(422);
    expect(refused?.json()).toMatchObject({ error: 'INSUFFICIENT_FUNDS' });
    expect(credited.map((a) => a.statusCode)).toEqual(others.map(() => 200));
    expect((await balancesOf(app, poor)).balance).toBe(500n);
    for (const id of others) expect((await balancesOf(app, id)).balance).toBe(700n);
  });

  it('moves money once for a key sent several times at once, and answers every repeat with the first answer', async () => {
    const clientId = await newClient();
    let answers: Awaited<ReturnType<typeof credit>>[] = [];
    const stats = await statsDuring(async () => {
      answers = await Promise.all(Array.from({ length: 6 }, () => credit(clientId, 2_500, 'gc-repeat')));
    });
    // The repeats wait for later batches (one client), which find the key with their others': no split.
    expect(stats.splits).toBe(0);
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
    expect((await balancesOf(app, clientId)).balance).toBe(2_500n);
    const postings = await app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, clientId), eq(ledgerEntries.account, 'balance')));
    expect(postings).toHaveLength(1);
  });

  it('answers as a repeat when another server took the key while its batch ran, and moves the money once', async () => {
    const clientId = await newClient();
    // A second server on the same database: its batches know nothing of this one's.
    const other = await buildTestApp({}, { sameDatabaseAs: t });
    try {
      const adminThere = await signIn(other.app, admin.email);
      const send = (on: typeof app, as: TSignedIn) =>
        on.inject({
          method: 'POST',
          url: `/api/user/fund/${clientId}`,
          headers: { ...as.headers, 'idempotency-key': 'gc-two-servers' },
          payload: { amount: '3.00', reason: 'Batch test' },
        });
      const answers = await Promise.all([send(app, admin), send(other.app, adminThere)]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(1);
      expect((await balancesOf(app, clientId)).balance).toBe(300n);
    } finally {
      await other.close();
    }
  });
});

describe('a batch that cannot vouch for a move', () => {
  it('splits: rolls back whole, then runs each move alone, so the failing one undoes only itself', async () => {
    const [first, failing, last] = await Promise.all(Array.from({ length: 3 }, newClient));
    if (!first || !failing || !last) throw new Error('no clients');
    const creditOf = (clientId: string) => (tx: Tx) =>
      adjustBalance(
        tx as unknown as Db,
        app.mail,
        admin.id,
        clientId,
        'credit',
        { amount: '4.00', reason: 'Split test' },
        { above: null },
      );
    const before = { ...app.groupCommit.stats };
    const outcomes = await Promise.allSettled([
      app.groupCommit.run([first], creditOf(first)),
      app.groupCommit.run([failing], async (tx) => {
        // A direct write, then a failure that is not a refusal: no savepoint could undo the write alone.
        await tx.update(users).set({ firstname: 'Half done' }).where(eq(users.id, failing));
        throw new Error('the database went away');
      }),
      app.groupCommit.run([last], creditOf(last)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(app.groupCommit.stats.splits).toBe(before.splits + 1);
    expect((await balancesOf(app, first)).balance).toBe(400n);
    expect((await balancesOf(app, last)).balance).toBe(400n);
    const [row] = await app.db.select({ firstname: users.firstname }).from(users).where(eq(users.id, failing));
    expect(row?.firstname).not.toBe('Half done');
  });
});

describe('group commit for every batched move', () => {
  it('batches clients opening positions, declaring deposits and investing from their balance, without a split', async () => {
    const clients = await Promise.all(Array.from({ length: 9 }, () => signedInUser(app, 'Client')));
    for (const client of clients) expect((await credit(client.id, 100_000)).statusCode).toBe(200);
    const method = await createDepositMethodViaApi(app, admin, { name: 'USDT group commit' });
    const plan = await createPlanRow(app);
    const post = (client: TSignedIn, url: string, payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url, headers: client.headers, payload });
    const sends = clients.map((client, i) =>
      i % 3 === 0
        ? post(client, '/api/position', {
            userId: client.id,
            expiration: 60,
            asset: 'BTC/USD',
            amount: '100.00',
            leverage: 5,
            type: 'buy',
          })
        : i % 3 === 1
          ? post(client, '/api/deposit', { amount: 250, depositMethod: method.id, user: client.id })
          : post(client, '/api/investment/invest-from-balance', {
              amount: 500,
              user: client.id,
              investmentPlan: plan.id,
            }),
    );
    let answers: Awaited<(typeof sends)[number]>[] = [];
    const stats = await statsDuring(async () => {
      answers = await Promise.all(sends);
    });
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
    expect(stats).toMatchObject({ moves: 9, splits: 0 });
    expect(stats.batches).toBeLessThan(9);
    // The positions' margins and the investments' amounts left the balance; the deposits wait.
    for (const [i, client] of clients.entries()) {
      const expected = i % 3 === 0 ? 90_000n : i % 3 === 1 ? 100_000n : 50_000n;
      expect((await balancesOf(app, client.id)).balance).toBe(expected);
    }
  });
});

type TMove = { kind: 'credit' | 'debit' | 'profit'; client: number; cents: number } | { kind: 'clear'; client: number };

const moveOf = fc.oneof(
  fc.record({
    kind: fc.constantFrom('credit' as const, 'debit' as const, 'profit' as const),
    client: fc.nat(3),
    cents: fc.integer({ min: 1, max: 5_000 }),
  }),
  fc.record({ kind: fc.constant('clear' as const), client: fc.nat(3) }),
);

/** Runs a move on `db` (the batch's transaction, or the app's database for the replay); answers its outcome. */
async function runMove(db: Db, actorId: string, clientId: string, move: TMove): Promise<string> {
  try {
    if (move.kind === 'clear')
      return String(await clearBalances(db, app.mail, actorId, clientId, 'Property', { above: null }));
    await adjustBalance(
      db,
      app.mail,
      actorId,
      clientId,
      move.kind,
      {
        amount: (move.cents / 100).toFixed(2),
        reason: 'Property',
      },
      { above: null },
    );
    return 'ok';
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

/** What the ledger and the audit trail hold for a client, as sorted lists that do not depend on ids or times. */
async function trailOf(clientId: string) {
  const legs = await app.db
    .select({ kind: ledgerTransactions.kind, account: ledgerEntries.account, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(eq(ledgerEntries.userId, clientId));
  const audits = await app.db
    .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(eq(auditLog.targetUserId, clientId));
  return {
    balances: await balancesOf(app, clientId),
    legs: legs.map((l) => `${l.kind} ${l.account} ${l.amount}`).sort(),
    audits: audits.map((a) => JSON.stringify(a)).sort(),
  };
}

describe('group commit as a property', () => {
  it('gives the same answers, balances, ledger and audit trail as the moves run one at a time in the order the batches chose', async () => {
    const actorId = admin.id;
    await fc.assert(
      fc.asyncProperty(fc.array(moveOf, { minLength: 1, maxLength: 24 }), async (moves) => {
        const batched = await Promise.all(Array.from({ length: 4 }, newClient));
        const alone = await Promise.all(Array.from({ length: 4 }, newClient));
        const order: number[] = [];
        const outcomes = await Promise.all(
          moves.map((move, i) => {
            const clientId = batched[move.client] as string;
            return app.groupCommit.run([clientId], (tx) => {
              order.push(i);
              return runMove(tx as unknown as Db, actorId, clientId, move);
            });
          }),
        );
        // A move run again (a split) counts where it ran last.
        const decided = order.filter((i, at) => order.lastIndexOf(i) === at);
        const replayed: string[] = [];
        for (const i of decided) {
          const move = moves[i] as TMove;
          replayed[i] = await runMove(app.db, actorId, alone[move.client] as string, move);
        }
        expect(outcomes).toEqual(replayed);
        for (let c = 0; c < 4; c++) {
          expect(await trailOf(batched[c] as string)).toEqual(await trailOf(alone[c] as string));
        }
      }),
      { numRuns: process.env.DATABASE_URL ? 15 : 8 },
    );
  });
});

describe('insertRows outside a batch', () => {
  it('writes more rows than one statement’s parameters allow, in several statements', async () => {
    const receiverId = await newClient();
    // 9,500 rows of 7 values: 66,500 parameters, past PostgreSQL's 65,535 for one statement.
    const rows = Array.from({ length: 9_500 }, (_, i) => ({
      receiverId,
      senderId: null,
      subject: `Notice ${i}`,
      message: 'm',
      key: null,
      params: null,
      link: null,
    }));
    await insertRows(app.db, inAppMessages, rows);
    const [counted] = await app.db
      .select({ n: count() })
      .from(inAppMessages)
      .where(eq(inAppMessages.receiverId, receiverId));
    expect(counted?.n).toBe(9_500);
  });
});
