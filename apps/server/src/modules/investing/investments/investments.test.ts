import { MAX_PENDING_DEPOSITS } from '@meridian/contracts/constants';
import type {
  TInvestment,
  TInvestmentAnswer,
  TInvestmentList,
  TInvestmentPlan,
  TPlanAnswer,
} from '@meridian/contracts/investments';
import type { TDepositMethod } from '@meridian/contracts/methods';
import type { TNoticeKey } from '@meridian/contracts/notice-terms';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { buildSignedInApp } from '../../../../test/helpers/build-app.ts';
import { balanceOf, createDepositMethodViaApi, putDepositStatus } from '../../../../test/helpers/deposits.ts';
import type { TSignedIn } from '../../../../test/helpers/factories.ts';
import { fundedClient } from '../../../../test/helpers/withdrawal-fixtures.ts';
import { auditLog } from '../../../db/schema/audit.ts';
import { investments, payouts } from '../../../db/schema/investments.ts';
import { ledgerTransactions } from '../../../db/schema/ledger.ts';
import { inAppMessages } from '../../../db/schema/messages.ts';
import { transactions } from '../../../db/schema/money.ts';
import { users } from '../../../db/schema/users.ts';
import { verifyLedger } from '../../../ledger/verify.ts';
import { insertTransaction } from '../../money/transactions/transactions.repository.ts';

const { t, app, admin } = await buildSignedInApp(['Admin']);
afterAll(() => t.close());
let method: TDepositMethod;
/** $100 to $10,000, 12 % over 7 days, twice a day. */
let basic: TInvestmentPlan;
/** $1,000 to $50,000, 30 % over 30 days, 4 a day. */
let premium: TInvestmentPlan;

async function createPlan(body: Record<string, unknown>): Promise<TInvestmentPlan> {
  const res = await app.inject({ method: 'POST', url: '/api/investmentplan', headers: admin.headers, payload: body });
  if (res.statusCode !== 201) throw new Error(`plan: ${res.statusCode} ${res.body}`);
  return res.json<TPlanAnswer>().investmentPlan;
}

beforeAll(async () => {
  method = await createDepositMethodViaApi(app, admin, { minAmount: 10, maxAmount: 50000 });
  basic = await createPlan({
    name: 'Basic Plan',
    interest: 12,
    duration: 7,
    noOfTimes: 2,
    minAmount: 100,
    maxAmount: 10000,
  });
  premium = await createPlan({
    name: 'Premium Plan',
    interest: 30,
    duration: 30,
    noOfTimes: 4,
    minAmount: 1000,
    maxAmount: 50000,
  });
});
// Whatever a test did, every cached balance still equals the sum of its ledger entries.
afterEach(async () => {
  const report = await verifyLedger(app.db);
  expect(report, JSON.stringify(report)).toMatchObject({ ok: true, total: '0' });
});

/** A client with `dollars` in their balance (an admin credit). */
const clientWith = (dollars: number) => fundedClient(app, dollars, admin.id);

const fromBalance = (as: TSignedIn, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/investment/invest-from-balance',
    headers: { ...as.headers, ...headers },
    payload,
  });
const viaDeposit = (as: TSignedIn, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/investment', headers: as.headers, payload });
/** An Invest Via Deposit body for `owner`: $1,500 into Premium through the test method, unless overridden. */
const viaDepositBody = (owner: TSignedIn, overrides: Record<string, unknown> = {}) => ({
  amount: 1500,
  depositMethod: method.id,
  user: owner.id,
  investmentPlan: premium.id,
  ...overrides,
});
const putStatus = (id: string, status: string, as: TSignedIn = admin) =>
  app.inject({ method: 'PUT', url: `/api/investment/status/${id}`, headers: as.headers, payload: { status } });

async function invest(as: TSignedIn, amount: number, plan = basic): Promise<TInvestment> {
  const res = await fromBalance(as, { amount, user: as.id, investmentPlan: plan.id });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TInvestmentAnswer>().investment;
}

async function decide(id: string, status: string): Promise<TInvestment> {
  const res = await putStatus(id, status);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TInvestmentAnswer>().investment;
}

async function investmentsOf(as: TSignedIn, userId = as.id, query = ''): Promise<TInvestmentList> {
  const res = await app.inject({ method: 'GET', url: `/api/investment/user/${userId}${query}`, headers: as.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TInvestmentList>();
}

const payoutsOf = (investmentId: string) =>
  app.db.select().from(payouts).where(eq(payouts.investmentId, investmentId)).orderBy(asc(payouts.sequence));
/** The notices of an investment decision (the client's funding credit tells of itself too). */
const messagesOf = (userId: string) =>
  app.db
    .select()
    .from(inAppMessages)
    .where(
      and(
        eq(inAppMessages.receiverId, userId),
        inArray(inAppMessages.key, ['investmentApproved', 'investmentDeclined'] satisfies TNoticeKey[]),
      ),
    );
const userRow = async (id: string) => (await app.db.select().from(users).where(eq(users.id, id)))[0];
const postingsOf = (id: string, kind: string) =>
  app.db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.refId, id), eq(ledgerTransactions.kind, kind)));

describe('POST /api/investment/invest-from-balance', () => {
  it('moves balance → trading now, Pending, with the plan’s terms copied', async () => {
    const client = await clientWith(1000);
    const res = await fromBalance(client, { amount: '250.50', user: client.id, investmentPlan: basic.id });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<TInvestmentAnswer>();
    expect(answer.message).toBe('Investment successfully made from balance!');
    expect(answer.deposit).toBeUndefined();
    expect(answer.investment).toMatchObject({
      type: 'Investment',
      status: 'Pending',
      amount: 250.5,
      direction: 'out',
      userId: client.id,
      investmentPlan: { id: basic.id, name: 'Basic Plan' },
      terms: {
        interest: 12,
        duration: 7,
        noOfTimes: 2,
        deposit: null,
        funded: true,
        approvedAt: null,
        maturesAt: null,
        payoutsTotal: 14,
        payoutsPaid: 0,
        payoutsRejected: 0,
        paidOut: 0,
      },
    });
    expect(await balanceOf(app, client)).toMatchObject({ balance: 749.5, tradingBalance: 250.5, totalInvestment: 0 });
    expect(await postingsOf(answer.investment.id, 'investment.funded')).toHaveLength(1);
    expect(await investmentsOf(client)).toEqual({ investments: [answer.investment], totalPage: 1 });
  });

  it('refuses amounts outside the plan with the spec’s messages on the amount field', async () => {
    const client = await clientWith(100_000);
    const cases: [unknown, string][] = [
      [99.99, 'Minimum amount is $100.00'],
      [10000.01, 'Maximum amount is $10,000.00'],
      [undefined, 'Amount is required'],
      ['', 'Amount is required'],
      ['12.345', 'Enter an amount in dollars with at most 2 decimals'],
    ];
    for (const [amount, message] of cases) {
      const res = await fromBalance(client, { amount, user: client.id, investmentPlan: basic.id });
      expect(expectApiError(res, 400, 'VALIDATION').fieldErrors?.amount, String(amount)).toBe(message);
    }
    const free = await createPlan({
      name: 'Free Entry',
      interest: 1,
      duration: 7,
      noOfTimes: 1,
      minAmount: 0,
      maxAmount: 10,
    });
    const zero = await fromBalance(client, { amount: 0, user: client.id, investmentPlan: free.id });
    expect(expectApiError(zero, 400, 'VALIDATION').fieldErrors?.amount).toBe('Amount must be greater than 0');
    expect(await balanceOf(app, client)).toMatchObject({ balance: 100_000, tradingBalance: 0 });
    expect((await investmentsOf(client)).investments).toEqual([]);
  });

  it('refuses more than the balance with "Insufficient balance", creating nothing', async () => {
    const client = await clientWith(150);
    const res = await fromBalance(client, { amount: 150.01, user: client.id, investmentPlan: basic.id });
    expectApiError(res, 422, 'INSUFFICIENT_FUNDS', 'Insufficient balance');
    expect(await balanceOf(app, client)).toMatchObject({ balance: 150, tradingBalance: 0 });
    expect((await investmentsOf(client)).investments).toEqual([]);
  });

  it('refuses an unknown or deleted plan (404), another client’s account (403) and an admin (403)', async () => {
    const client = await clientWith(1000);
    const other = await clientWith(1000);
    const gone = await createPlan({
      name: 'Gone Plan',
      interest: 5,
      duration: 7,
      noOfTimes: 1,
      minAmount: 1,
      maxAmount: 100,
    });
    await app.inject({ method: 'DELETE', url: `/api/investmentplan/${gone.id}`, headers: admin.headers });
    for (const id of [gone.id, '7c9e6679-7425-40de-944b-e07fc1f90ae7']) {
      const res = await fromBalance(client, { amount: 50, user: client.id, investmentPlan: id });
      expectApiError(res, 404, 'NOT_FOUND', 'Investment plan not found');
    }
    const naming = await fromBalance(other, { amount: 200, user: client.id, investmentPlan: basic.id });
    expectApiError(naming, 403, 'FORBIDDEN', 'You can only act on your own account');
    expectApiError(
      await fromBalance(admin, { amount: 200, user: admin.id, investmentPlan: basic.id }),
      403,
      'FORBIDDEN',
    );
    expect(await balanceOf(app, client)).toMatchObject({ balance: 1000, tradingBalance: 0 });
    expect(await balanceOf(app, other)).toMatchObject({ balance: 1000, tradingBalance: 0 });
  });

  it('makes one investment for a repeated Idempotency-Key', async () => {
    const client = await clientWith(1000);
    const payload = { amount: 300, user: client.id, investmentPlan: basic.id };
    const first = await fromBalance(client, payload, { 'idempotency-key': 'invest-1' });
    const again = await fromBalance(client, payload, { 'idempotency-key': 'invest-1' });
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await balanceOf(app, client)).toMatchObject({ balance: 700, tradingBalance: 300 });
    expect((await investmentsOf(client)).investments).toHaveLength(1);
  });
});

describe('POST /api/investment (Invest Via Deposit)', () => {
  it('creates a Pending deposit to the method and a Pending investment waiting for it; nothing moves', async () => {
    const client = await clientWith(0);
    const res = await viaDeposit(client, viaDepositBody(client));
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<TInvestmentAnswer>();
    expect(answer.message).toBe('Investment Successfully Created');
    expect(answer.deposit).toMatchObject({
      type: 'Deposit',
      status: 'Pending',
      amount: 1500,
      direction: 'in',
      depositMethod: { id: method.id, name: method.name, value: method.value },
    });
    expect(answer.investment).toMatchObject({
      type: 'Investment',
      status: 'Pending',
      amount: 1500,
      investmentPlan: { id: premium.id, name: 'Premium Plan' },
      terms: {
        interest: 30,
        duration: 30,
        noOfTimes: 4,
        funded: false,
        deposit: { id: answer.deposit?.id, status: 'Pending' },
      },
    });
    expect(await balanceOf(app, client)).toMatchObject({ balance: 0, tradingBalance: 0 });
  });

  it('refuses an unknown method, amounts outside the plan, another client and the pending-deposit cap', async () => {
    const client = await clientWith(0);
    const body = (overrides: Record<string, unknown>) => viaDepositBody(client, overrides);
    const ghost = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    expectApiError(
      await viaDeposit(client, body({ depositMethod: ghost })),
      404,
      'NOT_FOUND',
      'Payment method not found',
    );
    expectApiError(
      await viaDeposit(client, body({ investmentPlan: ghost })),
      404,
      'NOT_FOUND',
      'Investment plan not found',
    );
    const noMethod = await viaDeposit(client, body({ depositMethod: undefined }));
    expect(expectApiError(noMethod, 400, 'VALIDATION').fieldErrors?.depositMethod).toBe(
      'Please select a deposit method',
    );
    // The plan's limits, not the method's ($10 to $50,000).
    const low = await viaDeposit(client, body({ amount: 999.99 }));
    expect(expectApiError(low, 400, 'VALIDATION').fieldErrors?.amount).toBe('Minimum amount is $1,000.00');
    const high = await viaDeposit(client, body({ amount: 50000.01 }));
    expect(expectApiError(high, 400, 'VALIDATION').fieldErrors?.amount).toBe('Maximum amount is $50,000.00');
    const other = await clientWith(0);
    expectApiError(await viaDeposit(other, body({})), 403, 'FORBIDDEN', 'You can only act on your own account');

    for (let i = 0; i < MAX_PENDING_DEPOSITS; i++) expect((await viaDeposit(client, body({}))).statusCode).toBe(201);
    const capped = await viaDeposit(client, body({}));
    expectApiError(capped, 409, 'CONFLICT');
    expect((await investmentsOf(client)).investments).toHaveLength(MAX_PENDING_DEPOSITS);
  });

  it('end to end: approval waits for the deposit; completing it funds trading; approval schedules the payouts', async () => {
    const client = await clientWith(0);
    const res = await viaDeposit(client, viaDepositBody(client, { amount: 2000 }));
    const { investment, deposit } = res.json<TInvestmentAnswer>();
    if (!deposit) throw new Error('no deposit');

    const early = await putStatus(investment.id, 'Approved');
    expectApiError(early, 409, 'CONFLICT', 'The deposit for this investment has not been completed yet');
    expect(await payoutsOf(investment.id)).toEqual([]);

    expect((await putDepositStatus(app, admin, deposit.id, 'Completed')).statusCode).toBe(200);
    expect(await balanceOf(app, client)).toMatchObject({ balance: 0, tradingBalance: 2000, totalDeposit: 2000 });
    const [funded] = (await investmentsOf(client)).investments;
    expect(funded?.terms).toMatchObject({ funded: true, deposit: { id: deposit.id, status: 'Completed' } });
    expect(funded?.status).toBe('Pending');

    const approved = await decide(investment.id, 'Approved');
    expect(approved).toMatchObject({ status: 'Approved', user: { id: client.id }, terms: { payoutsTotal: 120 } });
    const approvedAt = Date.parse(approved.terms.approvedAt ?? '');
    expect(Date.parse(approved.terms.maturesAt ?? '')).toBe(approvedAt + 30 * 24 * 3600 * 1000);
    const schedule = await payoutsOf(investment.id);
    expect(schedule).toHaveLength(30 * 4);
    // 30 % of $2,000 = $600 in 120 payouts of $5.
    expect(schedule.reduce((sum, p) => sum + p.amount, 0n)).toBe(60_000n);
    expect(schedule.at(-1)?.dueAt.getTime()).toBe(approvedAt + 30 * 24 * 3600 * 1000);
    expect(await balanceOf(app, client)).toMatchObject({ balance: 0, tradingBalance: 2000, totalInvestment: 2000 });
    expect((await userRow(client.id))?.planId).toBe(premium.id);
  });

  it('a deposit completed after its investment was declined stays in the balance', async () => {
    const client = await clientWith(0);
    const res = await viaDeposit(client, viaDepositBody(client, { amount: 1200 }));
    const { investment, deposit } = res.json<TInvestmentAnswer>();
    await decide(investment.id, 'Declined');
    expect(await postingsOf(investment.id, 'investment.declined')).toEqual([]);
    expect((await putDepositStatus(app, admin, deposit?.id ?? '', 'Completed')).statusCode).toBe(200);
    expect(await balanceOf(app, client)).toMatchObject({ balance: 1200, tradingBalance: 0 });
    expect(await postingsOf(investment.id, 'investment.funded')).toEqual([]);
  });
});

describe('PUT /api/investment/status/:id', () => {
  it('approves: final, payouts scheduled, the client’s first plan set, audited and told to the client', async () => {
    const client = await clientWith(1000);
    const investment = await invest(client, 500);
    const res = await putStatus(investment.id, 'Approved');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Investment Status Updated Successfully');
    expect(await payoutsOf(investment.id)).toHaveLength(14);
    expect(await userRow(client.id)).toMatchObject({ planId: basic.id, planName: 'Basic Plan' });
    expect(await balanceOf(app, client)).toMatchObject({ balance: 500, tradingBalance: 500, totalInvestment: 500 });

    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'investment.status'), eq(auditLog.entityId, investment.id)));
    expect(audit).toMatchObject({
      actorId: admin.id,
      targetUserId: client.id,
      before: { status: 'Pending' },
      after: { status: 'Approved' },
    });
    const [message] = await messagesOf(client.id);
    expect(message).toMatchObject({
      senderId: admin.id,
      key: 'investmentApproved',
      params: { amount: 500, plan: 'Basic Plan', interest: 12, days: 7, payouts: 14 },
      link: `/user/transaction/${investment.id}`,
      subject: 'Investment approved',
    });

    // Final: the same status again changes nothing; any other is refused.
    expect((await decide(investment.id, 'Approved')).status).toBe('Approved');
    for (const status of ['Declined', 'Pending']) {
      expectApiError(
        await putStatus(investment.id, status),
        409,
        'CONFLICT',
        'This status is final and cannot be changed',
      );
    }
    expect(await payoutsOf(investment.id)).toHaveLength(14);
    expect(await messagesOf(client.id)).toHaveLength(1);
  });

  it('keeps a client’s plan when a later investment in another plan is approved', async () => {
    const client = await clientWith(5000);
    await decide((await invest(client, 200)).id, 'Approved');
    await decide((await invest(client, 1000, premium)).id, 'Approved');
    expect(await userRow(client.id)).toMatchObject({ planId: basic.id, planName: 'Basic Plan' });
  });

  it('declines: trading → balance, final, no payouts, told to the client', async () => {
    const client = await clientWith(1000);
    const investment = await invest(client, 400);
    const declined = await decide(investment.id, 'Declined');
    expect(declined.status).toBe('Declined');
    expect(await balanceOf(app, client)).toMatchObject({ balance: 1000, tradingBalance: 0, totalInvestment: 0 });
    expect(await postingsOf(investment.id, 'investment.declined')).toHaveLength(1);
    expect(await payoutsOf(investment.id)).toEqual([]);
    expect((await userRow(client.id))?.planId).toBeNull();
    const [message] = await messagesOf(client.id);
    expect(message).toMatchObject({
      key: 'investmentDeclined',
      params: { amount: 400, plan: 'Basic Plan', returned: 400 },
      link: `/user/transaction/${investment.id}`,
    });

    expect((await decide(investment.id, 'Declined')).status).toBe('Declined');
    expectApiError(await putStatus(investment.id, 'Approved'), 409, 'CONFLICT');
    expect(await postingsOf(investment.id, 'investment.declined')).toHaveLength(1);
    expect(await balanceOf(app, client)).toMatchObject({ balance: 1000, tradingBalance: 0 });
  });

  it('Pending stays Pending (a no-op); a bad status is refused; unknown ids and other records are 404', async () => {
    const client = await clientWith(1000);
    const investment = await invest(client, 200);
    expect((await decide(investment.id, 'Pending')).status).toBe('Pending');
    for (const status of ['Completed', 'Rejected', '']) {
      expect(expectApiError(await putStatus(investment.id, status), 400, 'VALIDATION').fieldErrors?.status).toBe(
        'Please select a status',
      );
    }
    expectApiError(await putStatus('7c9e6679-7425-40de-944b-e07fc1f90ae7', 'Approved'), 404, 'NOT_FOUND');
    const deposit = await insertTransaction(app.db, {
      userId: client.id,
      type: 'Deposit',
      status: 'Pending',
      amount: 1000n,
      direction: 'in',
    });
    expectApiError(await putStatus(deposit.id, 'Approved'), 404, 'NOT_FOUND');
    expectApiError(await putStatus(investment.id, 'Approved', client), 403, 'FORBIDDEN');
    expect((await investmentsOf(client)).investments[0]?.status).toBe('Pending');
  });

  it('20 parallel approvals of one investment schedule its payouts once', async () => {
    const client = await clientWith(10_000);
    const investment = await invest(client, 1000, premium);
    const results = await Promise.all(Array.from({ length: 20 }, () => putStatus(investment.id, 'Approved')));
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    expect(await payoutsOf(investment.id)).toHaveLength(30 * 4);
    const [audits] = await app.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'investment.status'), eq(auditLog.entityId, investment.id)));
    expect(audits?.n).toBe(1);
    expect(await messagesOf(client.id)).toHaveLength(1);
    expect(await balanceOf(app, client)).toMatchObject({ balance: 9000, tradingBalance: 1000, totalInvestment: 1000 });
  });
});

describe('investment lists', () => {
  it('a client reads their own, newest first, with payout progress; another client cannot; the admin list has the client', async () => {
    const [client, other] = await Promise.all([clientWith(5000), clientWith(0)]);
    const older = await invest(client, 100);
    // A minute apart: two inserts in a row can share a timestamp.
    await app.db
      .update(transactions)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(transactions.id, older.id));
    const newer = await invest(client, 1000, premium);
    await decide(older.id, 'Approved');
    // Two payouts settled by the payout runner: one paid, one rejected (no money here; only the progress is read).
    const [first, second] = await payoutsOf(older.id);
    await app.db
      .update(payouts)
      .set({ status: 'Completed', processedAt: new Date() })
      .where(eq(payouts.id, first?.id ?? ''));
    await app.db
      .update(payouts)
      .set({ status: 'Rejected', processedAt: new Date() })
      .where(eq(payouts.id, second?.id ?? ''));

    const own = await investmentsOf(client);
    expect(own.totalPage).toBe(1);
    expect(own.investments.map((i) => [i.id, i.amount, i.investmentPlan?.name, i.status])).toEqual([
      [newer.id, 1000, 'Premium Plan', 'Pending'],
      [older.id, 100, 'Basic Plan', 'Approved'],
    ]);
    // 12 % of $100 over 14 payouts: $0.85 each, the last $0.95.
    expect(own.investments[1]?.terms).toMatchObject({
      payoutsTotal: 14,
      payoutsPaid: 1,
      payoutsRejected: 1,
      paidOut: 0.85,
    });
    expect(own.investments[0]).not.toHaveProperty('user');
    expect((await investmentsOf(client, client.id, '?limit=1&page=2')).investments.map((i) => i.id)).toEqual([
      older.id,
    ]);

    const denied = await app.inject({
      method: 'GET',
      url: `/api/investment/user/${client.id}`,
      headers: other.headers,
    });
    expectApiError(denied, 403, 'FORBIDDEN');
    expect(await investmentsOf(other)).toEqual({ investments: [], totalPage: 1 });
    expect((await investmentsOf(admin, client.id)).investments).toHaveLength(2);

    const all = await app.inject({ method: 'GET', url: '/api/investment?limit=100', headers: admin.headers });
    const rows = all.json<TInvestmentList>().investments;
    expect(rows.every((i) => i.type === 'Investment')).toBe(true);
    expect(rows.find((i) => i.id === newer.id)?.user).toMatchObject({ id: client.id });
    expectApiError(
      await app.inject({ method: 'GET', url: '/api/investment', headers: client.headers }),
      403,
      'FORBIDDEN',
    );
    // Every investment made here has its terms row.
    const [terms] = await app.db.select({ n: count() }).from(investments);
    expect(rows).toHaveLength(terms?.n ?? -1);
  });
});
