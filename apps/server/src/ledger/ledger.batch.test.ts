import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, closeAfterLedgerCheck } from '../../test/helpers/build-app.ts';
import { createUser } from '../../test/helpers/factories.ts';
import { balancesOf } from '../../test/helpers/payout-fixtures.ts';
import { ledgerEntries, ledgerTransactions } from '../db/schema/ledger.ts';
import { post, postBatch, type TPosting } from './ledger.ts';
import { verifyLedger } from './verify.ts';

/** `postBatch`: many postings in three statements, under the same rules as `post`. */

const t = await buildTestApp({ PAYOUTS_AUTO_PROCESS: false });
const app = t.app;
afterAll(() => closeAfterLedgerCheck(t));

const profit = (userId: string, cents: bigint, id: string): TPosting => ({
  kind: 'payout.paid',
  reason: `Payout ${id}`,
  actorId: null,
  ref: { type: 'payout', id },
  legs: [
    { account: 'payouts', amount: -cents },
    { userId, account: 'profit', amount: cents },
  ],
});

/** An investment paying its principal back: `cents` from the user's trading account to their balance. */
const matured = (userId: string, cents: bigint, reason: string): TPosting => ({
  kind: 'investment.matured',
  reason,
  actorId: null,
  legs: [
    { userId, account: 'trading', amount: -cents },
    { userId, account: 'balance', amount: cents },
  ],
});

const REF_A = '11111111-1111-4111-8111-111111111111';
const REF_B = '22222222-2222-4222-8222-222222222222';

describe('postBatch', () => {
  it('writes each posting with its entries and moves each balance once by the sum of its legs', async () => {
    const a = (await createUser(app, 'Client')).id;
    const b = (await createUser(app, 'Client')).id;
    await app.db.transaction((tx) =>
      post(tx, {
        kind: 'deposit.completed',
        reason: 'Deposit',
        actorId: null,
        legs: [
          { account: 'external', amount: -5_000n },
          { userId: a, account: 'trading', amount: 5_000n },
        ],
      }),
    );
    const ids = await app.db.transaction((tx) =>
      postBatch(tx, [
        profit(a, 125n, REF_A),
        profit(b, 7n, REF_B),
        profit(a, 1n, REF_A),
        matured(a, 5_000n, 'Matured'),
      ]),
    );
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
    expect(await balancesOf(app.db, a)).toEqual({ balance: 5_000n, trading: 0n, profit: 126n, bonus: 0n, hold: 0n });
    expect(await balancesOf(app.db, b)).toMatchObject({ profit: 7n });
    const written = await app.db.select().from(ledgerTransactions).where(inArray(ledgerTransactions.id, ids));
    expect(written.map((row) => [row.id, row.kind, row.refType, row.refId])).toEqual(
      expect.arrayContaining([
        [ids[0], 'payout.paid', 'payout', REF_A],
        [ids[1], 'payout.paid', 'payout', REF_B],
        [ids[3], 'investment.matured', null, null],
      ]),
    );
    const legs = await app.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, ids[1] ?? ''));
    expect(legs.map((leg) => [leg.userId, leg.account, leg.amount])).toEqual(
      expect.arrayContaining([
        [null, 'payouts', -7n],
        [b, 'profit', 7n],
      ]),
    );
    expect(await verifyLedger(app.db)).toMatchObject({ ok: true });
  });

  it('refuses the whole batch when an account would end below zero, and a posting that does not balance', async () => {
    const a = (await createUser(app, 'Client')).id;
    const overdraw = matured(a, 1n, 'More than there is');
    await expect(app.db.transaction((tx) => postBatch(tx, [profit(a, 50n, REF_A), overdraw]))).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      status: 422,
    });
    expect(await balancesOf(app.db, a)).toMatchObject({ profit: 0n, trading: 0n, balance: 0n });

    const unbalanced = { ...profit(a, 5n, REF_A), legs: [{ account: 'payouts' as const, amount: -5n }] };
    await expect(app.db.transaction((tx) => postBatch(tx, [unbalanced]))).rejects.toThrow('at least two');
    expect(await app.db.transaction((tx) => postBatch(tx, []))).toEqual([]);
  });
});
