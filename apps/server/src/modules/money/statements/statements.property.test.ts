import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helpers/build-app.ts';
import { createUser } from '../../../../test/helpers/factories.ts';
import { inTransaction, queryRows } from '../../../db/client.ts';
import { type TUserAccount, USER_ACCOUNTS } from '../../../db/schema/ledger.ts';
import { lockBalances, post, type TLeg } from '../../../ledger/ledger.ts';
import { verifyLedger } from '../../../ledger/verify.ts';
import { buildStatement, type TStatement } from './statements.service.ts';

/**
 * Statements agree with the ledger (docs/money.md, "Statements"), as properties over random
 * histories posted through the real ledger and random periods:
 * - per account, opening + the sum of the movements = closing, and each running balance is the
 *   previous one plus the movement;
 * - opening and closing are what the posted history says the account held at `from` and `to`;
 * - consecutive periods chain: the closing of one is the opening of the next;
 * - the statement up to now closes at the user's current balances, and the ledger verifies.
 * The history's times are spread over two years (each posting's stamp moved into the past, in
 * posting order), so random periods cut it anywhere.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);
const HISTORIES = onPostgres ? 6 : 4;
const DAY = 86_400_000;
const SPAN = 730 * DAY;

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
});
afterAll(async () => {
  await t.close();
});

type TOp = { client: number; move: TMove; cents: number };
type TMove = 'credit' | 'fund' | 'unfund' | 'payout' | 'hold' | 'release' | 'payOut' | 'bonus' | 'loss';

/** Each move: the user account it takes from (or a platform account) and the one it adds to. */
const MOVES: Record<TMove, [from: TUserAccount | 'platform', to: TUserAccount | 'platform']> = {
  credit: ['platform', 'balance'],
  fund: ['balance', 'trading'],
  unfund: ['trading', 'balance'],
  payout: ['platform', 'profit'],
  hold: ['profit', 'withdrawal_hold'],
  release: ['withdrawal_hold', 'balance'],
  payOut: ['withdrawal_hold', 'platform'],
  bonus: ['platform', 'bonus'],
  loss: ['trading', 'platform'],
};

const opArb: fc.Arbitrary<TOp> = fc.record({
  client: fc.integer({ min: 0, max: 1 }),
  move: fc.constantFrom(...(Object.keys(MOVES) as TMove[])),
  cents: fc.integer({ min: 1, max: 500_000 }),
});

const historyArb = fc.record({
  ops: fc.array(opArb, { minLength: 10, maxLength: 40 }),
  /** Where each posting lands in the two years, sorted so stamps follow posting order. */
  offsets: fc.array(fc.integer({ min: 1, max: SPAN - DAY }), { minLength: 40, maxLength: 40 }),
  periods: fc.array(fc.record({ start: fc.integer({ min: 0, max: SPAN }), days: fc.integer({ min: 1, max: 366 }) }), {
    minLength: 3,
    maxLength: 6,
  }),
});

interface TPosted {
  userId: string;
  account: TUserAccount;
  amount: bigint;
  at: number;
}

/** What the posted history says `userId`'s account held just before `at`. */
function heldBefore(posted: TPosted[], userId: string, account: TUserAccount, at: number): bigint {
  return posted
    .filter((p) => p.userId === userId && p.account === account && p.at < at)
    .reduce((sum, p) => sum + p.amount, 0n);
}

async function statementOf(userId: string, from: number, to: number): Promise<TStatement> {
  return buildStatement(app.db, {
    userId,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    lang: 'en',
    tz: 'UTC',
    brand: 'Meridian',
  });
}

function expectConsistent(statement: TStatement) {
  for (const account of statement.accounts) {
    let running = account.opening;
    for (const m of account.movements) {
      running += m.amount;
      expect(m.balance).toBe(running);
      expect(m.at >= statement.from && m.at < statement.to).toBe(true);
    }
    const sum = account.movements.reduce((total, m) => total + m.amount, 0n);
    expect(account.opening + sum).toBe(account.closing);
    expect(account.totalIn - account.totalOut).toBe(sum);
  }
}

it('opening + movements = closing for random histories and periods; periods chain; now = current balances', async () => {
  let histories = 0;
  await fc.assert(
    fc.asyncProperty(historyArb, async ({ ops, offsets, periods }) => {
      histories++;
      const clients = [(await createUser(app, 'Client')).id, (await createUser(app, 'Client')).id];
      const origin = Date.now() - SPAN - DAY;
      const stamps = [...offsets].sort((a, b) => a - b).map((offset) => origin + offset);
      const posted: TPosted[] = [];
      for (const [i, op] of ops.entries()) {
        const userId = clients[op.client] as string;
        const [from, to] = MOVES[op.move];
        const at = stamps[i] as number;
        const id = await inTransaction(app.db, async (tx) => {
          const locked = await lockBalances(tx, [userId]);
          const held = from === 'platform' ? BigInt(op.cents) : (locked.get(userId)?.[from] ?? 0n);
          const amount = held < BigInt(op.cents) ? held : BigInt(op.cents);
          if (amount === 0n) return null;
          const legs: TLeg[] = [
            from === 'platform'
              ? { account: 'adjustments', amount: -amount }
              : { userId, account: from, amount: -amount },
            to === 'platform' ? { account: 'external', amount } : { userId, account: to, amount },
          ];
          const posting = await post(
            tx,
            { kind: `test.${op.move}`, reason: `Property ${op.move}`, actorId: null, legs },
            locked,
          );
          for (const leg of legs) if (leg.userId) posted.push({ userId, account: leg.account, amount: leg.amount, at });
          return posting;
        });
        // The ledger stamps a posting with the time it is written; the history is moved into the past.
        if (id)
          await app.db.execute(
            sql`update ledger_transactions set created_at = ${new Date(at).toISOString()} where id = ${id}`,
          );
      }

      for (const userId of clients) {
        for (const { start, days } of periods) {
          const from = origin + start;
          const to = Math.min(from + days * DAY, Date.now());
          if (from >= to) continue;
          const statement = await statementOf(userId, from, to);
          expectConsistent(statement);
          for (const account of statement.accounts) {
            expect(account.opening).toBe(heldBefore(posted, userId, account.account, from));
            expect(account.closing).toBe(heldBefore(posted, userId, account.account, to));
            const moved = posted.filter(
              (p) => p.userId === userId && p.account === account.account && p.at >= from && p.at < to,
            );
            expect(account.movements.map((m) => m.amount).sort()).toEqual(moved.map((p) => p.amount).sort());
          }
          // Split at a point inside: the first part's closing is the second's opening.
          const middle = from + Math.floor((to - from) / 2);
          if (middle > from) {
            const [first, second] = [await statementOf(userId, from, middle), await statementOf(userId, middle, to)];
            expectConsistent(first);
            expectConsistent(second);
            for (const [i, account] of first.accounts.entries()) {
              expect(second.accounts[i]?.opening).toBe(account.closing);
              expect(account.opening).toBe(statement.accounts[i]?.opening);
              expect(second.accounts[i]?.closing).toBe(statement.accounts[i]?.closing);
            }
          }
        }

        // Up to now: the closing balances are the user's balance columns.
        const now = await statementOf(userId, origin - DAY, Date.now() + DAY);
        expectConsistent(now);
        const [row] = await queryRows<Record<TUserAccount, string>>(
          app.db,
          sql`select balance::text as balance, trading_balance::text as trading, profit_balance::text as profit,
                bonus::text as bonus, withdrawal_hold::text as withdrawal_hold from users where id = ${userId}`,
        );
        for (const account of USER_ACCOUNTS) {
          expect(now.accounts.find((a) => a.account === account)?.closing).toBe(BigInt(row?.[account] ?? '-1'));
        }
      }
      const report = await verifyLedger(app.db);
      expect(report.ok, JSON.stringify(report.differences)).toBe(true);
    }),
    { numRuns: HISTORIES },
  );
  console.info(`statements property (${onPostgres ? 'PostgreSQL' : 'PGlite'}): ${histories} histories`);
}, 300_000);
