import { ZHealth } from '@meridian/contracts/health';
import { PAYOUT_ACTIVITY_LIST_MAX, ZPayoutActivities, ZPayoutAnswer, ZPayoutPage } from '@meridian/contracts/payouts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { buildSignedInApp, buildTestApp, closeAfterLedgerCheck } from '../../../../test/helpers/build-app.ts';
import { createUser, signIn, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { jobStatusBeforeFirstRun } from '../../../../test/helpers/job-status.ts';
import {
  balancesOf,
  createInvestmentApprovedAgo,
  DAY,
  HOUR,
  payoutsOf,
  type TInvestmentTermsAgo,
} from '../../../../test/helpers/payout-fixtures.ts';
import { auditLog } from '../../../db/schema/audit.ts';
import { investments, payouts } from '../../../db/schema/investments.ts';
import { ledgerTransactions } from '../../../db/schema/ledger.ts';
import { inAppMessages } from '../../../db/schema/messages.ts';
import { processDuePayouts } from './processing.ts';

/** The trade routes: the admin's lists, Reject and Process All Trades, the client's payouts and activities. */

const { t, app, admin } = await buildSignedInApp(['Admin'], { PAYOUTS_AUTO_PROCESS: false });
afterAll(() => closeAfterLedgerCheck(t));

const get = (url: string, as: TSignedIn = admin) =>
  app.inject({ method: 'GET', url: `/api${url}`, headers: as.headers });
const reject = (id: string, payload: Record<string, unknown> = { reason: 'Broker error on this trade' }) =>
  app.inject({ method: 'POST', url: `/api/trade/reject/${id}`, headers: admin.headers, payload });
const processAll = () => app.inject({ method: 'POST', url: '/api/trade', headers: admin.headers });
const page = (url: string, as?: TSignedIn) =>
  get(url, as).then((res) => {
    expect(res.statusCode, res.body).toBe(200);
    return ZPayoutPage.parse(res.json());
  });

const invest = (terms: TInvestmentTermsAgo) => createInvestmentApprovedAgo(app, terms);

/** A new client, signed in, with one approved investment of theirs. */
async function clientWithInvestment(terms: Omit<TInvestmentTermsAgo, 'userId'>) {
  const client = await signIn(app, (await createUser(app, 'Client')).email);
  return { client, inv: await invest({ ...terms, userId: client.id }) };
}

/** $700.00 at 10 % over 7 days, once a day: 7 payouts of $10.00, a day apart. */
const sevenPayoutsOfTenDollars = { principal: 70_000n, interestBp: 1000, duration: 7, noOfTimes: 1 } as const;

/** Pays what earlier tests left due, so that a test counting what it pays counts only its own. */
const settleLeftovers = () => processDuePayouts(app.db, { mail: app.mail, now: new Date() });

describe('the admin lists (Trade Log, Due trades, Rejected trades)', () => {
  let first: Awaited<ReturnType<typeof invest>>;
  let second: Awaited<ReturnType<typeof invest>>;
  beforeAll(async () => {
    // First: 7 payouts a day apart, 3 due. Second: 14 twelve hours apart, 2 due. 21 pending, 5 due.
    first = await invest({ ...sevenPayoutsOfTenDollars, approvedAgoMs: 3.5 * DAY });
    second = await invest({
      principal: 14_000n,
      interestBp: 1000,
      duration: 7,
      noOfTimes: 2,
      approvedAgoMs: DAY + HOUR,
    });
  });

  it('Trade Log: every pending payout, soonest due first, with the client, the plan and the count', async () => {
    const all = await page('/trade/pending?limit=100');
    expect(all.total).toBe(21);
    expect(all.totalPage).toBe(1);
    const dues = all.trades.map((trade) => Date.parse(trade.dueDate));
    expect(dues).toEqual([...dues].sort((a, b) => a - b));
    const one = all.trades.find((trade) => trade.investmentId === first.id && trade.sequence === 1);
    expect(one).toEqual({
      id: expect.any(String),
      investmentId: first.id,
      userId: first.userId,
      sequence: 1,
      count: 7,
      amount: 10,
      // The schedule's start: one day before the first payout of a once-a-day plan.
      createdAt: new Date((first.schedule[0]?.dueAt.getTime() ?? 0) - DAY).toISOString(),
      dueDate: first.schedule[0]?.dueAt.toISOString(),
      status: 'Pending',
      processed: false,
      processedAt: null,
      reason: null,
      planName: first.planName,
      user: { id: first.userId, firstname: 'Client', lastname: 'Tester', email: expect.stringContaining('@') },
    });
    expect(all.trades.filter((trade) => trade.investmentId === second.id)).toHaveLength(14);
  });

  it('pages: page 2 of 5 is the next five in the same order, and the page count follows', async () => {
    const all = await page('/trade/pending?limit=100');
    const second5 = await page('/trade/pending?page=2&limit=5');
    expect(second5.total).toBe(21);
    expect(second5.totalPage).toBe(5);
    expect(second5.trades.map((trade) => trade.id)).toEqual(all.trades.slice(5, 10).map((trade) => trade.id));
  });

  it('Due trades: only the pending ones due now, oldest due first', async () => {
    const due = await page('/trade/due_trade?limit=100');
    expect(due.total).toBe(5);
    expect(due.trades.every((trade) => Date.parse(trade.dueDate) <= Date.now())).toBe(true);
    expect(due.trades.map((trade) => [trade.investmentId, trade.sequence])).toEqual(
      expect.arrayContaining([
        [first.id, 1],
        [first.id, 2],
        [first.id, 3],
        [second.id, 1],
        [second.id, 2],
      ]),
    );
  });

  it('Process All Trades pays the due ones, audited; they leave both lists', async () => {
    const res = await processAll();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Trades processed successfully', processed: 5 });
    expect((await page('/trade/due_trade')).total).toBe(0);
    expect((await page('/trade/pending')).total).toBe(16);
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'trade.process'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry).toMatchObject({ actorId: admin.id, after: { processed: 5 } });
    // A second press finds nothing due and pays nothing.
    expect((await processAll()).json()).toMatchObject({ processed: 0 });
  });

  it('answers the lists to admins only', async () => {
    const client = await signIn(app, (await createUser(app, 'Client')).email);
    for (const url of ['/trade/pending', '/trade/due_trade', '/trade/rejected']) {
      expectApiError(await get(url, client), 403, 'FORBIDDEN');
    }
    expectApiError(await app.inject({ method: 'POST', url: '/api/trade', headers: client.headers }), 403, 'FORBIDDEN');
  });
});

describe('Reject', () => {
  it('rejects a pending payout: no money moves, the client is told why, it is audited and listed', async () => {
    const inv = await invest({ ...sevenPayoutsOfTenDollars, approvedAgoMs: DAY });
    const [, , target] = await payoutsOf(app.db, inv.id);
    if (!target) throw new Error('no payout');
    const before = await balancesOf(app.db, inv.userId);

    const res = await reject(target.id, { reason: '  Liquidity provider cancelled the fill  ' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = ZPayoutAnswer.parse(res.json());
    expect(answer.message).toBe('Trade rejected successfully');
    expect(answer.trade).toMatchObject({
      id: target.id,
      status: 'Rejected',
      processed: false,
      reason: 'Liquidity provider cancelled the fill',
      amount: 10,
      planName: inv.planName,
      user: { id: inv.userId },
    });
    expect(Date.parse(answer.trade.processedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    expect(await balancesOf(app.db, inv.userId)).toEqual(before);
    const postings = await app.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.refId, target.id));
    expect(postings).toEqual([]);
    const [row] = await app.db.select().from(payouts).where(eq(payouts.id, target.id));
    expect(row).toMatchObject({ status: 'Rejected', rejectedBy: admin.id });

    const [notice] = await app.db.select().from(inAppMessages).where(eq(inAppMessages.receiverId, inv.userId));
    expect(notice).toMatchObject({
      key: 'payoutRejected',
      params: { amount: 10, reason: 'Liquidity provider cancelled the fill' },
      link: `/user/transaction/${inv.id}`,
      senderId: admin.id,
    });
    expect(notice?.message).toContain('$10.00');
    expect(notice?.message).toContain('Reason: Liquidity provider cancelled the fill');
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'trade.reject'), eq(auditLog.entityId, target.id)));
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetUserId: inv.userId,
      reason: 'Liquidity provider cancelled the fill',
      before: { status: 'Pending', amount: 10 },
      after: { status: 'Rejected', matured: false },
    });

    const rejected = await page('/trade/rejected?limit=100');
    expect(rejected.trades[0]).toMatchObject({ id: target.id, status: 'Rejected' });
    expect(rejected.total).toBeGreaterThanOrEqual(1);
  });

  it('refuses what is not pending (409), an unknown id (404) and an empty reason (400)', async () => {
    const inv = await invest({ ...sevenPayoutsOfTenDollars, approvedAgoMs: DAY + HOUR });
    const [paid, later] = await payoutsOf(app.db, inv.id);
    if (!paid || !later) throw new Error('no payouts');
    await processDuePayouts(app.db, { mail: app.mail, now: new Date() });
    expectApiError(await reject(paid.id), 409, 'CONFLICT', 'This trade has already been processed or rejected');
    expect((await reject(later.id)).statusCode).toBe(200);
    expectApiError(await reject(later.id), 409, 'CONFLICT', 'This trade has already been processed or rejected');
    expectApiError(await reject('8f1c7a52-4c8e-4d0e-9d65-3f1c2b7a9e10'), 404, 'NOT_FOUND');
    const empty = expectApiError(await reject(later.id, { reason: '   ' }), 400, 'VALIDATION');
    expect(empty.fieldErrors).toEqual({ reason: 'Please provide a reason for rejection' });
  });

  it('newest rejection first in Rejected trades', async () => {
    const inv = await invest({ ...sevenPayoutsOfTenDollars, approvedAgoMs: HOUR });
    const rows = await payoutsOf(app.db, inv.id);
    for (const row of rows.slice(0, 3)) {
      expect((await reject(row.id)).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const rejected = await page('/trade/rejected?limit=3');
    expect(rejected.trades.map((trade) => trade.sequence)).toEqual([3, 2, 1]);
  });

  it('rejecting the last pending payout matures the investment: the principal returns', async () => {
    await settleLeftovers();
    const inv = await invest({ ...sevenPayoutsOfTenDollars, approvedAgoMs: 6.5 * DAY });
    expect(await processDuePayouts(app.db, { mail: app.mail, now: new Date() })).toBe(6);
    const last = (await payoutsOf(app.db, inv.id))[6];
    if (!last) throw new Error('no payout');
    const res = await reject(last.id);
    expect(res.statusCode, res.body).toBe(200);
    // 7,000 cents of interest: 6 paid of 1,000, the rejected last one (1,000) not.
    expect(await balancesOf(app.db, inv.userId)).toMatchObject({ balance: 70_000n, trading: 0n, profit: 6_000n });
    const [terms] = await app.db.select().from(investments).where(eq(investments.id, inv.id));
    expect(terms?.maturedAt).not.toBeNull();
  });

  it('a rejected payout is skipped by processing; the investment matures on its last paid one', async () => {
    await settleLeftovers();
    const inv = await invest({ ...sevenPayoutsOfTenDollars, approvedAgoMs: 7 * DAY + HOUR });
    const rows = await payoutsOf(app.db, inv.id);
    const last = rows[6];
    if (!last) throw new Error('no payout');
    expect((await reject(last.id)).statusCode).toBe(200);
    expect(await balancesOf(app.db, inv.userId)).toMatchObject({ balance: 0n, trading: 70_000n });
    expect(await processDuePayouts(app.db, { mail: app.mail, now: new Date() })).toBe(6);
    expect(await balancesOf(app.db, inv.userId)).toMatchObject({ balance: 70_000n, trading: 0n, profit: 6_000n });
  });
});

describe('the client’s payouts and trade activities', () => {
  it('GET /trade/user/:userId: the client’s own payouts, latest due first, paged', async () => {
    const { client, inv } = await clientWithInvestment({
      principal: 28_000n,
      interestBp: 1000,
      duration: 7,
      noOfTimes: 2,
      approvedAgoMs: DAY + HOUR,
    });
    const mine = await page(`/trade/user/${client.id}?limit=5`, client);
    expect(mine.total).toBe(14);
    expect(mine.totalPage).toBe(3);
    expect(mine.trades.map((trade) => trade.sequence)).toEqual([14, 13, 12, 11, 10]);
    expect(mine.trades.every((trade) => trade.investmentId === inv.id && trade.user === undefined)).toBe(true);
    expect((await page(`/trade/user/${client.id}?page=3&limit=5`)).trades.map((trade) => trade.sequence)).toEqual([
      4, 3, 2, 1,
    ]);
    expectApiError(await get('/trade/user/8f1c7a52-4c8e-4d0e-9d65-3f1c2b7a9e10'), 404, 'NOT_FOUND');
  });

  it('GET /trade/activities/:userId: the last 24 hours of profit and loss, their totals, the plan, the next payout', async () => {
    await settleLeftovers();
    const client = await signIn(app, (await createUser(app, 'Client')).email);
    const empty = ZPayoutActivities.parse((await get(`/trade/activities/${client.id}`, client)).json());
    expect(empty).toEqual({
      summary: { totalProfit: 0, totalLoss: 0, netPL: 0 },
      activities: [],
      plan: null,
      nextPayout: null,
    });

    // 30 days × 4 of $1,000.00 at 12 %: 120 payouts of $1.00; 2 days and an hour in, 8 are due.
    const inv = await invest({
      userId: client.id,
      principal: 100_000n,
      interestBp: 1200,
      duration: 30,
      noOfTimes: 4,
      approvedAgoMs: 2 * DAY + HOUR,
    });
    expect(await processDuePayouts(app.db, { mail: app.mail, now: new Date() })).toBe(8);
    const rows = await payoutsOf(app.db, inv.id);
    // Paid 1 to 8: 1 to 3 more than 24 hours ago (outside the window), 4 to 8 within it, an hour apart.
    for (const row of rows.slice(0, 8)) {
      const hoursAgo = row.sequence <= 3 ? 30 - row.sequence : 9 - row.sequence;
      await app.db
        .update(payouts)
        .set({ processedAt: new Date(Date.now() - hoursAgo * HOUR) })
        .where(eq(payouts.id, row.id));
    }
    // Payout 9 (the next due) rejected now: a loss line with its reason; 10 becomes the next payout.
    const ninth = rows[8];
    const tenth = rows[9];
    if (!ninth || !tenth) throw new Error('no payouts');
    expect((await reject(ninth.id, { reason: 'Slippage beyond the limit' })).statusCode).toBe(200);

    const res = await get(`/trade/activities/${client.id}`, client);
    expect(res.statusCode, res.body).toBe(200);
    const body = ZPayoutActivities.parse(res.json());
    // The rejected payout paid nothing and took nothing: net P&L is what was paid.
    expect(body.summary).toEqual({ totalProfit: 5, totalLoss: 1, netPL: 5 });
    expect(body.activities.map((line) => [line.type, line.amount, line.reason])).toEqual([
      ['loss', 1, 'Slippage beyond the limit'],
      ['profit', 1, null],
      ['profit', 1, null],
      ['profit', 1, null],
      ['profit', 1, null],
      ['profit', 1, null],
    ]);
    expect(body.activities[1]?.id).toBe(rows[7]?.id);
    expect(body.activities.every((line) => line.planName === inv.planName)).toBe(true);
    expect(body.plan).toEqual({ id: inv.planId, name: inv.planName });
    expect(body.nextPayout).toEqual({ amount: 1, dueDate: tenth.dueAt.toISOString() });
    // An admin reads the same; an unknown client is 404.
    expect((await get(`/trade/activities/${client.id}`)).json()).toEqual(res.json());
    expectApiError(await get('/trade/activities/8f1c7a52-4c8e-4d0e-9d65-3f1c2b7a9e10'), 404, 'NOT_FOUND');
  });

  it(`lists at most ${PAYOUT_ACTIVITY_LIST_MAX} lines, newest first, while the totals count the whole window`, async () => {
    const { client, inv } = await clientWithInvestment({
      principal: 120_000n,
      interestBp: 1000,
      duration: 30,
      noOfTimes: 4,
      approvedAgoMs: 30 * DAY + HOUR,
    });
    await processDuePayouts(app.db, { mail: app.mail, now: new Date() });
    // 120 payouts of $1.00, paid 10 minutes apart over the last 20 hours (payout 1 the latest).
    await app.db.execute(sql`
      update payouts set processed_at = now() - (sequence * interval '10 minutes') where investment_id = ${inv.id}`);
    const body = ZPayoutActivities.parse((await get(`/trade/activities/${client.id}`, client)).json());
    expect(body.activities).toHaveLength(PAYOUT_ACTIVITY_LIST_MAX);
    const rows = await payoutsOf(app.db, inv.id);
    expect(body.activities.map((line) => line.id)).toEqual(rows.slice(0, PAYOUT_ACTIVITY_LIST_MAX).map((r) => r.id));
    expect(body.summary).toEqual({ totalProfit: 120, totalLoss: 0, netPL: 120 });
    // Matured: nothing left to pay.
    expect(body.nextPayout).toBeNull();
  });
});

describe('the job and /api/health', () => {
  it('shows the payouts job in /api/health, off when PAYOUTS_AUTO_PROCESS=false', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(ZHealth.parse(res.json()).jobs.find((job) => job.name === 'payouts')).toEqual(
      jobStatusBeforeFirstRun({ name: 'payouts', enabled: false, intervalMs: app.config.JOBS_INTERVAL_MS }),
    );
  });

  it('pays due payouts by itself when PAYOUTS_AUTO_PROCESS is on, and stops when the app closes', async () => {
    const auto = await buildTestApp({ PAYOUTS_AUTO_PROCESS: true, JOBS_INTERVAL_MS: 50 }, { sameDatabaseAs: t });
    try {
      const inv = await invest({ ...sevenPayoutsOfTenDollars, approvedAgoMs: 2 * DAY + HOUR });
      const deadline = Date.now() + 20_000;
      for (;;) {
        const rows = await payoutsOf(app.db, inv.id);
        if (rows.filter((r) => r.status === 'Completed').length === 2) break;
        if (Date.now() > deadline) throw new Error('the job did not pay');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const health = ZHealth.parse((await auto.app.inject({ method: 'GET', url: '/api/health' })).json());
      expect(health.jobs[0]).toMatchObject({ name: 'payouts', enabled: true, lastError: null });
      expect(health.jobs[0]?.totalProcessed).toBeGreaterThanOrEqual(2);
      expect(await balancesOf(app.db, inv.userId)).toMatchObject({ profit: 2_000n });
    } finally {
      await auto.close();
    }
    expect(auto.app.jobs.status()[0]?.running).toBe(false);
  });
});
