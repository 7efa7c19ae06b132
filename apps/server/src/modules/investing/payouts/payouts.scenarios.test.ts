import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSignedInApp, closeAfterLedgerCheck } from '../../../../test/helpers/build-app.ts';
import {
  balancesOf,
  createApprovedInvestment,
  createFullyDueInvestment,
  createInvestmentApprovedAgo,
  DAY,
  HOUR,
  payoutsOf,
  postingsPerRef,
  type TInvestmentTerms,
  type TInvestmentTermsAgo,
} from '../../../../test/helpers/payout-fixtures.ts';
import { investments, payouts } from '../../../db/schema/investments.ts';
import { ledgerEntries, ledgerTransactions } from '../../../db/schema/ledger.ts';
import { transactions } from '../../../db/schema/money.ts';
import { verifyLedger } from '../../../ledger/verify.ts';
import { processDuePayouts } from './processing.ts';

/**
 * One scenario per payout schedule (docs/money.md, "Investments and payouts"), checked to the cent:
 * every payout's amount, their sum against the plan's interest, the client's profit after each
 * processing, the principal back in the balance at maturity, one posting per payout and a clean
 * ledger. Expected amounts are worked out by hand in each test, not by the code under test.
 */

const { t, app, admin } = await buildSignedInApp(['Admin'], { PAYOUTS_AUTO_PROCESS: false });
afterAll(() => closeAfterLedgerCheck(t));
// Each test starts with nothing due left over from the one before.
beforeEach(async () => {
  await processDuePayouts(app.db, { mail: app.mail, now: new Date() });
});

const processAll = async () => {
  const res = await app.inject({ method: 'POST', url: '/api/trade', headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ message: string; processed: number }>();
};

const invest = (terms: TInvestmentTermsAgo) => createInvestmentApprovedAgo(app, terms);
const investAllDue = (terms: Omit<TInvestmentTerms, 'approvedAt'>) => createFullyDueInvestment(app, terms);

/** The money trail of one investment: its payout records, postings and maturity. */
async function trailOf(investmentId: string) {
  const rows = await payoutsOf(app.db, investmentId);
  const ids = rows.map((r) => r.id);
  const records = ids.length
    ? await app.db
        .select()
        .from(transactions)
        .where(sql`${transactions.id} = any(${sql.param(ids)}::uuid[])`)
    : [];
  const paidPostings = await app.db
    .select({ ref: ledgerTransactions.refId, account: ledgerEntries.account, amount: ledgerEntries.amount })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(
      and(
        eq(ledgerTransactions.kind, 'payout.paid'),
        sql`${ledgerTransactions.refId} = any(${sql.param(ids)}::uuid[])`,
      ),
    );
  const maturity = await app.db
    .select({ account: ledgerEntries.account, amount: ledgerEntries.amount })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(and(eq(ledgerTransactions.kind, 'investment.matured'), eq(ledgerTransactions.refId, investmentId)));
  const [investment] = await app.db.select().from(investments).where(eq(investments.id, investmentId));
  return { rows, records, paidPostings, maturity, maturedAt: investment?.maturedAt ?? null };
}

const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

describe('7 days × 1 a day: $1,000.00 at 10 %', () => {
  it('pays 7 payouts of $14.28 and a last of $14.32 ($100.00 in all), then returns the principal', async () => {
    const inv = await invest({
      principal: 100_000n,
      interestBp: 1000,
      duration: 7,
      noOfTimes: 1,
      approvedAgoMs: 7 * DAY + HOUR,
    });
    // 10 % of $1,000.00 = 10,000 cents; 10,000 / 7 = 1,428 each, the last 10,000 − 6 × 1,428 = 1,432.
    const expected = [1428n, 1428n, 1428n, 1428n, 1428n, 1428n, 1432n];
    expect(inv.schedule.map((p) => p.amount)).toEqual(expected);
    expect(await balancesOf(app.db, inv.userId)).toMatchObject({ balance: 0n, trading: 100_000n, profit: 0n });

    const answer = await processAll();
    expect(answer).toEqual({ message: 'Trades processed successfully', processed: 7 });

    const trail = await trailOf(inv.id);
    expect(trail.rows.map((r) => [r.sequence, r.status, r.amount])).toEqual(
      expected.map((amount, i) => [i + 1, 'Completed', amount]),
    );
    expect(sum(trail.rows.map((r) => r.amount))).toBe(10_000n);
    expect(trail.rows.every((r) => r.processedAt !== null)).toBe(true);
    // Each paid payout: one Payout record with its id, and one posting payouts → profit.
    expect(trail.records.map((r) => [r.id, r.type, r.status, r.direction, r.amount, r.investmentPlanName])).toEqual(
      expect.arrayContaining(trail.rows.map((r) => [r.id, 'Payout', 'Completed', 'in', r.amount, inv.planName])),
    );
    expect(trail.records).toHaveLength(7);
    expect(trail.paidPostings).toHaveLength(14);
    for (const row of trail.rows) {
      expect(trail.paidPostings.filter((p) => p.ref === row.id).map((p) => [p.account, p.amount])).toEqual(
        expect.arrayContaining([
          ['payouts', -row.amount],
          ['profit', row.amount],
        ]),
      );
    }
    // Matured: the principal is back in the balance, the interest is profit.
    expect(trail.maturity).toEqual(
      expect.arrayContaining([
        { account: 'trading', amount: -100_000n },
        { account: 'balance', amount: 100_000n },
      ]),
    );
    expect(trail.maturedAt).not.toBeNull();
    expect(await balancesOf(app.db, inv.userId)).toMatchObject({ balance: 100_000n, trading: 0n, profit: 10_000n });

    // Nothing is paid twice.
    expect(await processAll()).toMatchObject({ processed: 0 });
    expect(await balancesOf(app.db, inv.userId)).toMatchObject({ balance: 100_000n, trading: 0n, profit: 10_000n });
  });
});

describe('30 days × 4 a day: $2,500.00 at 12.5 %', () => {
  it('pays what is due as time passes, 120 payouts in all to the cent, and matures after the last', async () => {
    const approvedAt = new Date(Date.now() - (10 * DAY + HOUR));
    const inv = await createApprovedInvestment(app, {
      principal: 250_000n,
      interestBp: 1250,
      duration: 30,
      noOfTimes: 4,
      approvedAt,
    });
    // 12.5 % of $2,500.00 = 31,250 cents over 120 payouts: 260 each, the last 31,250 − 119 × 260 = 310.
    expect(inv.schedule).toHaveLength(120);
    expect(inv.schedule.slice(0, 119).every((p) => p.amount === 260n)).toBe(true);
    expect(inv.schedule[119]?.amount).toBe(310n);
    // Every 6 hours from approval; the last exactly 30 days after it.
    expect(inv.schedule[0]?.dueAt.getTime()).toBe(approvedAt.getTime() + 6 * HOUR);
    expect(inv.schedule[119]?.dueAt.getTime()).toBe(approvedAt.getTime() + 30 * DAY);

    // 10 days and an hour in: 40 payouts are due.
    expect(await processAll()).toMatchObject({ processed: 40 });
    expect(await balancesOf(app.db, inv.userId)).toMatchObject({ balance: 0n, trading: 250_000n, profit: 10_400n });
    let trail = await trailOf(inv.id);
    expect(trail.rows.filter((r) => r.status === 'Completed').map((r) => r.sequence)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect(trail.maturedAt).toBeNull();
    expect(trail.maturity).toEqual([]);

    // Twenty days on: 79 more, the last not yet (it falls exactly at 30 days).
    const justBefore = new Date(approvedAt.getTime() + 30 * DAY - 1);
    expect(await processDuePayouts(app.db, { mail: app.mail, now: justBefore })).toBe(79);
    expect(await balancesOf(app.db, inv.userId)).toMatchObject({ trading: 250_000n, profit: 119n * 260n });
    expect((await trailOf(inv.id)).maturedAt).toBeNull();

    const atMaturity = new Date(approvedAt.getTime() + 30 * DAY);
    expect(await processDuePayouts(app.db, { mail: app.mail, now: atMaturity })).toBe(1);
    trail = await trailOf(inv.id);
    expect(sum(trail.rows.map((r) => r.amount))).toBe(31_250n);
    expect(trail.rows.every((r) => r.status === 'Completed')).toBe(true);
    expect(trail.records).toHaveLength(120);
    expect(trail.paidPostings).toHaveLength(240);
    expect(trail.maturedAt?.getTime()).toBe(atMaturity.getTime());
    expect(await balancesOf(app.db, inv.userId)).toMatchObject({ balance: 250_000n, trading: 0n, profit: 31_250n });
  });
});

describe('amounts that do not divide evenly', () => {
  it('$1,000.01 at 7.77 % over 10 days × 4: 39 × $1.94 and a last $2.04, the fraction of a cent never paid', async () => {
    const inv = await investAllDue({ principal: 100_001n, interestBp: 777, duration: 10, noOfTimes: 4 });
    // 100,001 × 7.77 % = 7,770.0777 cents → 7,770; 7,770 / 40 = 194 (×39 = 7,566), the last 204.
    expect(inv.schedule.map((p) => p.amount)).toEqual([...Array(39).fill(194n), 204n]);
    expect(await processAll()).toMatchObject({ processed: 40 });
    const trail = await trailOf(inv.id);
    expect(trail.rows.map((r) => r.amount)).toEqual([...Array(39).fill(194n), 204n]);
    expect(sum(trail.rows.map((r) => r.amount))).toBe(7_770n);
    expect(await balancesOf(app.db, inv.userId)).toMatchObject({ balance: 100_001n, trading: 0n, profit: 7_770n });
    expect(trail.maturedAt).not.toBeNull();
  });

  it('$333.33 at 5 % over 7 days × 3: 20 × $0.79 and a last $0.86', async () => {
    const inv = await investAllDue({ principal: 33_333n, interestBp: 500, duration: 7, noOfTimes: 3 });
    // 33,333 × 5 % = 1,666.65 → 1,666; 1,666 / 21 = 79 (×20 = 1,580), the last 86.
    expect(inv.schedule.map((p) => p.amount)).toEqual([...Array(20).fill(79n), 86n]);
    expect(await processAll()).toMatchObject({ processed: 21 });
    expect(sum((await trailOf(inv.id)).rows.map((r) => r.amount))).toBe(1_666n);
    expect(await balancesOf(app.db, inv.userId)).toMatchObject({ balance: 33_333n, trading: 0n, profit: 1_666n });
  });

  it('a principal too small for a cent per payout: the zero payouts complete without moving money', async () => {
    const inv = await investAllDue({ principal: 100n, interestBp: 1000, duration: 7, noOfTimes: 2 });
    // 10 % of $1.00 = 10 cents over 14 payouts: 13 of 0, the last 10.
    expect(inv.schedule.map((p) => p.amount)).toEqual([...Array(13).fill(0n), 10n]);
    expect(await processAll()).toMatchObject({ processed: 14 });
    const trail = await trailOf(inv.id);
    expect(trail.rows.every((r) => r.status === 'Completed')).toBe(true);
    // Only the payout that paid something has a record and a posting.
    expect(trail.records.map((r) => r.amount)).toEqual([10n]);
    expect(trail.paidPostings).toHaveLength(2);
    expect(trail.maturedAt).not.toBeNull();
    expect(await balancesOf(app.db, inv.userId)).toMatchObject({ balance: 100n, trading: 0n, profit: 10n });
  });
});

describe('several investments of one client in one batch', () => {
  it('moves each client balance once by the sum of their payouts, and matures each investment on its own', async () => {
    const first = await investAllDue({ principal: 50_000n, interestBp: 1000, duration: 7, noOfTimes: 1 });
    const second = await invest({
      userId: first.userId,
      principal: 20_000n,
      interestBp: 2000,
      duration: 7,
      noOfTimes: 2,
      approvedAgoMs: 3 * DAY + 1,
    });
    // First: 5,000 cents, all 7 due, matures. Second: 4,000 cents over 14 (285 each), 6 due of 14.
    expect(await processAll()).toMatchObject({ processed: 13 });
    expect(await balancesOf(app.db, first.userId)).toMatchObject({
      balance: 50_000n,
      trading: 20_000n,
      profit: 5_000n + 6n * 285n,
    });
    expect((await trailOf(first.id)).maturedAt).not.toBeNull();
    expect((await trailOf(second.id)).maturedAt).toBeNull();
  });
});

describe('a trading account an admin cleared', () => {
  it('matures with what is left there: nothing is created, and the ledger stays clean', async () => {
    const inv = await investAllDue({ principal: 10_000n, interestBp: 1000, duration: 7, noOfTimes: 1 });
    const cleared = await app.inject({
      method: 'POST',
      url: `/api/user/clear-balances/${inv.userId}`,
      headers: admin.headers,
      payload: { reason: 'Account closed at client request' },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await processAll()).toMatchObject({ processed: 7 });
    const trail = await trailOf(inv.id);
    expect(trail.maturedAt).not.toBeNull();
    expect(trail.maturity).toEqual([]);
    expect(await balancesOf(app.db, inv.userId)).toMatchObject({ balance: 0n, trading: 0n, profit: 1_000n });
    expect(await verifyLedger(app.db)).toMatchObject({ ok: true });
  });
});

describe('processors at the same time', () => {
  it('two Process All Trades and the job together pay each due payout once', async () => {
    const many = await Promise.all(
      Array.from({ length: 6 }, () =>
        investAllDue({ principal: 100_000n, interestBp: 1000, duration: 30, noOfTimes: 4 }),
      ),
    );
    // 6 × 120 = 720 due payouts: several batches each.
    const [a, b, c] = await Promise.all([processAll(), processAll(), app.jobs.runNow('payouts')]);
    expect((a?.processed ?? 0) + (b?.processed ?? 0) + c).toBe(720);
    const perPayout = await postingsPerRef(app.db, 'payout.paid');
    for (const inv of many) {
      const trail = await trailOf(inv.id);
      expect(trail.rows.every((r) => r.status === 'Completed')).toBe(true);
      for (const row of trail.rows) expect(perPayout.get(row.id)).toBe(1);
      expect(trail.maturity).toHaveLength(2);
      expect(await balancesOf(app.db, inv.userId)).toMatchObject({ balance: 100_000n, trading: 0n, profit: 10_000n });
    }
    const [pending] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(payouts)
      .where(and(eq(payouts.status, 'Pending'), sql`${payouts.dueAt} <= now()`));
    expect(pending?.n).toBe(0);
    expect(await verifyLedger(app.db)).toMatchObject({ ok: true });
  });

  it('a Reject racing the processing of the same last payouts: one wins, the investment matures once', async () => {
    for (let round = 0; round < 5; round++) {
      // All 7 due: the processor may pay the 7th, or the admin may reject it first.
      const inv = await investAllDue({ principal: 70_000n, interestBp: 1000, duration: 7, noOfTimes: 1 });
      const last = inv.schedule.length;
      const rows = await payoutsOf(app.db, inv.id);
      const target = rows[last - 1];
      if (!target) throw new Error('no payout');
      const [rejected] = await Promise.all([
        app.inject({
          method: 'POST',
          url: `/api/trade/reject/${target.id}`,
          headers: admin.headers,
          payload: { reason: 'Race' },
        }),
        processAll(),
      ]);
      const trail = await trailOf(inv.id);
      expect(trail.maturity).toHaveLength(2);
      expect(trail.maturedAt).not.toBeNull();
      const paid = rejected.statusCode === 200 ? 6n : 7n;
      if (rejected.statusCode !== 200) expect(rejected.statusCode).toBe(409);
      expect(await balancesOf(app.db, inv.userId)).toMatchObject({
        balance: 70_000n,
        trading: 0n,
        profit: paid * 1_000n,
      });
    }
  });
});
