import type { TDepositMethod } from '@meridian/contracts/methods';
import type { TTransaction } from '@meridian/contracts/transactions';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postAccountChanges } from '../../../../test/helpers/account-changes.ts';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { buildSignedInApp } from '../../../../test/helpers/build-app.ts';
import {
  balanceOf,
  createDepositMethodViaApi,
  declareDeposit,
  putDepositStatus,
} from '../../../../test/helpers/deposits.ts';
import { signedInUser, type TSignedIn } from '../../../../test/helpers/factories.ts';
import {
  createPendingWithdrawal,
  createWithdrawalMethod,
  fundClient,
} from '../../../../test/helpers/withdrawal-fixtures.ts';
import { ledgerTransactions } from '../../../db/schema/ledger.ts';
import { verifyLedger } from '../../../ledger/verify.ts';
import { insertTransaction } from './transactions.repository.ts';

const { t, app, admin } = await buildSignedInApp(['Admin']);
afterAll(() => t.close());
let method: TDepositMethod;
let withdrawalMethodId: string;

beforeAll(async () => {
  method = await createDepositMethodViaApi(app, admin, { minAmount: 1, maxAmount: 100000 });
  withdrawalMethodId = (await createWithdrawalMethod(app)).id;
});
afterEach(async () => {
  const report = await verifyLedger(app.db);
  expect(report, JSON.stringify(report)).toMatchObject({ ok: true, total: '0' });
});

const newClient = () => signedInUser(app, 'Client');
const get = (url: string, as: TSignedIn) => app.inject({ method: 'GET', url, headers: as.headers });
const putStatus = (id: string, status: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'PUT',
    url: `/api/transaction/status/${id}`,
    headers: { ...admin.headers, ...headers },
    payload: { status },
  });
const del = (id: string) => app.inject({ method: 'DELETE', url: `/api/transaction/${id}`, headers: admin.headers });

/** A Completed deposit of `dollars` (the client's balance grows by it). */
async function completedDeposit(client: TSignedIn, dollars: number): Promise<TTransaction> {
  const deposit = await declareDeposit(app, client, method.id, dollars);
  const res = await putDepositStatus(app, admin, deposit.id, 'Completed');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().deposit;
}

/** An investment record alone, straight in the database: what the history, status and balance tests read. */
const investmentOf = (
  userId: string,
  status: 'Pending' | 'Approved' | 'Declined',
  cents: bigint,
  createdAt = new Date(),
) =>
  insertTransaction(app.db, {
    userId,
    type: 'Investment',
    status,
    amount: cents,
    direction: 'out',
    investmentPlanId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    investmentPlanName: 'Basic Plan',
    createdAt,
  });

async function latestAdjustmentOf(client: TSignedIn): Promise<TTransaction> {
  const page = await get(`/api/transaction/user/${client.id}`, client);
  const found = page.json<{ transactions: TTransaction[] }>().transactions.find((tr) => tr.type === 'Adjustment');
  if (!found) throw new Error('no adjustment');
  return found;
}

describe('GET /api/transaction/user/:userId', () => {
  it('lists every type of the client’s records, newest first, without the client block', async () => {
    const client = await newClient();
    const deposit = await declareDeposit(app, client, method.id, 10);
    await fundClient(app, client.id, 2_500n);
    const adjustment = await latestAdjustmentOf(client);
    const withdrawalId = await createPendingWithdrawal(app, client.id, withdrawalMethodId, 1_000n);
    const investment = await investmentOf(client.id, 'Pending', 700n);

    const res = await get(`/api/transaction/user/${client.id}`, client);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ transactions: TTransaction[]; totalPage: number }>();
    expect(page.totalPage).toBe(1);
    expect(page.transactions.map((tr) => [tr.type, tr.id])).toEqual([
      ['Investment', investment.id],
      ['Withdrawal', withdrawalId],
      ['Adjustment', adjustment.id],
      ['Deposit', deposit.id],
    ]);
    expect(page.transactions.every((tr) => tr.user === undefined)).toBe(true);
    expect(page.transactions[1]).toMatchObject({ direction: 'out', amount: 10, status: 'Pending' });
    expect(adjustment).toMatchObject({ direction: 'in', amount: 25, adjustmentKind: 'credit', reason: 'Test funding' });
  });

  it('is the client’s own: another client gets 403, an admin reads it', async () => {
    const [client, other] = await Promise.all([newClient(), newClient()]);
    const deposit = await declareDeposit(app, client, method.id, 10);
    const refused = await get(`/api/transaction/user/${client.id}`, other);
    expectApiError(refused, 403, 'FORBIDDEN');
    expect(refused.body).not.toContain(deposit.id);
    const byAdmin = await get(`/api/transaction/user/${client.id}`, admin);
    expect(byAdmin.json().transactions.map((tr: TTransaction) => tr.id)).toEqual([deposit.id]);
  });

  it('pages: totalPage counts pages of `limit`, at most 100 a page', async () => {
    const client = await newClient();
    // At most 5 deposits may be Pending at once: decline each as it is declared (still listed).
    for (let i = 0; i < 7; i++) {
      const deposit = await declareDeposit(app, client, method.id, 1 + i);
      expect((await putDepositStatus(app, admin, deposit.id, 'Declined')).statusCode).toBe(200);
    }
    const res = await get(`/api/transaction/user/${client.id}?page=2&limit=3`, client);
    expect(res.json().totalPage).toBe(3);
    expect(res.json().transactions.map((tr: TTransaction) => tr.amount)).toEqual([4, 3, 2]);
    expectApiError(await get(`/api/transaction/user/${client.id}?limit=101`, client), 400, 'VALIDATION');
  });
});

describe('GET /api/transaction/:id', () => {
  it('gives the owner their record and an admin the record with its client', async () => {
    const client = await newClient();
    const deposit = await declareDeposit(app, client, method.id, 33.3);
    const own = await get(`/api/transaction/${deposit.id}`, client);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(deposit);

    const byAdmin = await get(`/api/transaction/${deposit.id}`, admin);
    expect(byAdmin.json()).toEqual({
      ...deposit,
      user: { id: client.id, firstname: 'Client', lastname: 'Tester', email: client.email, isVerified: false },
    });
  });

  it('tells another client "Not found", exactly as for an id that does not exist', async () => {
    const [client, other] = await Promise.all([newClient(), newClient()]);
    const deposit = await declareDeposit(app, client, method.id, 12);
    const res = await get(`/api/transaction/${deposit.id}`, other);
    expectApiError(res, 404, 'NOT_FOUND', 'Not found');
    for (const secret of [client.id, client.email, deposit.id]) expect(res.body).not.toContain(secret);
    const ghost = await get('/api/transaction/7c9e6679-7425-40de-944b-e07fc1f90ae7', other);
    expect(ghost.body).toBe(res.body);
  });
});

describe('GET /api/transaction (admin)', () => {
  it('lists every client’s records with the client, filtered by type on request', async () => {
    const client = await newClient();
    const deposit = await declareDeposit(app, client, method.id, 10);
    const investment = await investmentOf(client.id, 'Approved', 500n);

    const all = await get('/api/transaction?limit=100', admin);
    expect(all.statusCode).toBe(200);
    const rows = all.json<{ transactions: TTransaction[] }>().transactions;
    expect(rows.map((tr) => tr.id)).toEqual(expect.arrayContaining([deposit.id, investment.id]));
    expect(rows.find((tr) => tr.id === deposit.id)?.user?.id).toBe(client.id);

    for (const type of ['Deposit', 'Withdrawal', 'Investment', 'Adjustment'] as const) {
      const page = await get(`/api/transaction?type=${type}&limit=100`, admin);
      const types = new Set(page.json<{ transactions: TTransaction[] }>().transactions.map((tr) => tr.type));
      expect(
        [...types].every((x) => x === type),
        type,
      ).toBe(true);
    }
    const deposits = (await get('/api/transaction?type=Deposit&limit=100', admin)).json().transactions;
    expect(deposits.map((tr: TTransaction) => tr.id)).toContain(deposit.id);
    expect(deposits.map((tr: TTransaction) => tr.id)).not.toContain(investment.id);

    expectApiError(await get('/api/transaction?type=Bonus', admin), 400, 'VALIDATION');
    expectApiError(await get('/api/transaction', client), 403, 'FORBIDDEN');
  });
});

describe('PUT /api/transaction/status/:id', () => {
  it('Approved completes a deposit: "Transaction Status Updated Successfully", credited once; then final', async () => {
    const client = await newClient();
    const deposit = await declareDeposit(app, client, method.id, 210.5);
    const res = await putStatus(deposit.id, 'Approved');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Transaction Status Updated Successfully',
      transaction: { id: deposit.id, type: 'Deposit', status: 'Completed' },
    });
    expect(await balanceOf(app, client)).toMatchObject({ balance: 210.5, totalDeposit: 210.5 });

    expect((await putStatus(deposit.id, 'Approved')).statusCode).toBe(200);
    expect((await putStatus(deposit.id, 'Completed')).statusCode).toBe(200);
    expectApiError(
      await putStatus(deposit.id, 'Declined'),
      409,
      'CONFLICT',
      'This status is final and cannot be changed',
    );
    expectApiError(await putStatus(deposit.id, 'Pending'), 409, 'CONFLICT');
    expect((await balanceOf(app, client)).balance).toBe(210.5);
  });

  it('declines and reopens a pending deposit without moving money', async () => {
    const client = await newClient();
    const deposit = await declareDeposit(app, client, method.id, 20);
    expect((await putStatus(deposit.id, 'Declined')).json().transaction.status).toBe('Declined');
    expect((await putStatus(deposit.id, 'Pending')).json().transaction.status).toBe('Pending');
    expect((await balanceOf(app, client)).balance).toBe(0);
  });

  it('two concurrent approvals without a key credit once', async () => {
    const client = await newClient();
    const deposit = await declareDeposit(app, client, method.id, 77.77);
    const results = await Promise.all([putStatus(deposit.id, 'Approved'), putStatus(deposit.id, 'Approved')]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await balanceOf(app, client)).balance).toBe(77.77);
    const postings = await app.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.refType, 'transaction'), eq(ledgerTransactions.refId, deposit.id)));
    expect(postings).toHaveLength(1);
  });

  it('a repeat with the same Idempotency-Key answers the first answer and credits nothing more', async () => {
    const client = await newClient();
    const deposit = await declareDeposit(app, client, method.id, 64);
    const key = { 'idempotency-key': `tx-approve-${deposit.id}` };
    const first = await putStatus(deposit.id, 'Approved', key);
    const again = await putStatus(deposit.id, 'Approved', key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    expect((await balanceOf(app, client)).balance).toBe(64);
  });

  it('Approved completes a withdrawal: the held money leaves the platform; then final', async () => {
    const client = await newClient();
    await completedDeposit(client, 100);
    const id = await createPendingWithdrawal(app, client.id, withdrawalMethodId, 4_000n);
    expect(await balanceOf(app, client)).toMatchObject({ balance: 60, withdrawalHold: 40, totalWithdrawal: 0 });

    const res = await putStatus(id, 'Approved');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().transaction).toMatchObject({ id, type: 'Withdrawal', status: 'Completed' });
    expect(await balanceOf(app, client)).toMatchObject({ balance: 60, withdrawalHold: 0, totalWithdrawal: 40 });
    expectApiError(await putStatus(id, 'Declined'), 409, 'CONFLICT');
  });

  it('Declined returns a withdrawal’s hold to the client', async () => {
    const client = await newClient();
    await completedDeposit(client, 100);
    const id = await createPendingWithdrawal(app, client.id, withdrawalMethodId, 2_500n);
    const res = await putStatus(id, 'Declined');
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(app, client)).toMatchObject({ balance: 100, withdrawalHold: 0, totalWithdrawal: 0 });
  });

  it('refuses adjustments and investments: "This status does not apply to this record"', async () => {
    const client = await newClient();
    await fundClient(app, client.id, 1_000n);
    const adjustment = await latestAdjustmentOf(client);
    const investment = await investmentOf(client.id, 'Pending', 300n);
    for (const id of [adjustment.id, investment.id]) {
      for (const status of ['Approved', 'Declined']) {
        expectApiError(await putStatus(id, status), 409, 'CONFLICT', 'This status does not apply to this record');
      }
    }
    expect((await get(`/api/transaction/${investment.id}`, client)).json().status).toBe('Pending');
    expect((await balanceOf(app, client)).balance).toBe(10);
  });

  it('answers 404 for an unknown id and 400 for a status the dialog does not offer', async () => {
    const client = await newClient();
    const deposit = await declareDeposit(app, client, method.id, 20);
    expectApiError(await putStatus('7c9e6679-7425-40de-944b-e07fc1f90ae7', 'Approved'), 404, 'NOT_FOUND');
    for (const status of ['Rejected', 'Failed']) {
      const res = await putStatus(deposit.id, status);
      expect(expectApiError(res, 400, 'VALIDATION').fieldErrors?.status).toBe('Please select a status');
    }
  });

  it('lets no client set a status', async () => {
    const client = await newClient();
    const deposit = await declareDeposit(app, client, method.id, 20);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/transaction/status/${deposit.id}`,
      headers: client.headers,
      payload: { status: 'Approved' },
    });
    expectApiError(res, 403, 'FORBIDDEN');
    expect((await balanceOf(app, client)).balance).toBe(0);
  });
});

describe('DELETE /api/transaction/:id', () => {
  const movedMoney = 'This record moved money and is kept (transaction records are kept at least 7 years)';

  it('deletes a pending deposit, keeps a completed one', async () => {
    const client = await newClient();
    const pending = await declareDeposit(app, client, method.id, 20);
    const completed = await completedDeposit(client, 30);
    const res = await del(pending.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Delete successfully' });
    expectApiError(await get(`/api/transaction/${pending.id}`, client), 404, 'NOT_FOUND');
    expectApiError(await del(completed.id), 409, 'CONFLICT', movedMoney);
    expect((await get(`/api/transaction/user/${client.id}`, client)).json().transactions).toHaveLength(1);
    expect((await balanceOf(app, client)).balance).toBe(30);
  });

  it('deletes a pending withdrawal after giving its hold back', async () => {
    const client = await newClient();
    await completedDeposit(client, 50);
    const id = await createPendingWithdrawal(app, client.id, withdrawalMethodId, 1_500n);
    expect((await balanceOf(app, client)).balance).toBe(35);
    const res = await del(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(app, client)).toMatchObject({ balance: 50, withdrawalHold: 0 });
    expectApiError(await get(`/api/transaction/${id}`, client), 404, 'NOT_FOUND');
  });

  it('keeps adjustments and investments (they moved money when made)', async () => {
    const client = await newClient();
    await fundClient(app, client.id, 1_000n);
    const adjustment = await latestAdjustmentOf(client);
    const investment = await investmentOf(client.id, 'Approved', 300n);
    for (const id of [adjustment.id, investment.id]) expectApiError(await del(id), 409, 'CONFLICT', movedMoney);
    expect((await get(`/api/transaction/user/${client.id}`, client)).json().transactions).toHaveLength(2);
  });

  it('answers 404 for an unknown id', async () => {
    expectApiError(await del('7c9e6679-7425-40de-944b-e07fc1f90ae7'), 404, 'NOT_FOUND', 'Not found');
  });
});

describe('GET /api/balance/:userId', () => {
  it('adds up every part: balances, totals of completed deposits and withdrawals and approved investments', async () => {
    const client = await newClient();
    await completedDeposit(client, 100.1);
    await completedDeposit(client, 50.05);
    await declareDeposit(app, client, method.id, 20); // pending: not in the totals
    const declined = await declareDeposit(app, client, method.id, 30);
    await putDepositStatus(app, admin, declined.id, 'Declined');
    await fundClient(app, client.id, 1_000n); // an admin credit is not a deposit
    await postAccountChanges(app, admin.id, client.id, { bonus: 500n, profit: 700n }, 'Test: a bonus and a profit');
    const withdrawn = await createPendingWithdrawal(app, client.id, withdrawalMethodId, 2_000n);
    await putStatus(withdrawn, 'Approved');
    await createPendingWithdrawal(app, client.id, withdrawalMethodId, 1_000n);
    await investmentOf(client.id, 'Approved', 4_000n);
    await investmentOf(client.id, 'Pending', 9_900n);
    await investmentOf(client.id, 'Declined', 9_900n);

    // The withdrawals took profit first, then balance: 160.15 + 7 profit − 20 − 10 = 137.15 in all.
    const summary = await balanceOf(app, client);
    expect(summary).toEqual({
      balance: 137.15,
      tradingBalance: 0,
      profitBalance: 0,
      bonus: 5,
      withdrawalHold: 10,
      totalBalance: 142.15,
      withdrawable: 137.15,
      totalDeposit: 150.15,
      totalWithdrawal: 20,
      totalInvestment: 40,
      // Postings made straight on the ledger, with no history record: no realised profit, no credit.
      realisedProfit: { plans: 0, positions: 0, signals: 0, total: 0 },
      profitCredits: 0,
    });
    expect(await balanceOf(app, admin, client.id)).toEqual(summary);
  });

  it('is the client’s own: another client 403, unknown or non-client ids 404 for an admin', async () => {
    const [client, other] = await Promise.all([newClient(), newClient()]);
    expectApiError(await get(`/api/balance/${client.id}`, other), 403, 'FORBIDDEN');
    expectApiError(await get('/api/balance/7c9e6679-7425-40de-944b-e07fc1f90ae7', admin), 404, 'NOT_FOUND');
    expectApiError(await get(`/api/balance/${admin.id}`, admin), 404, 'NOT_FOUND');
    expect(await balanceOf(app, client)).toMatchObject({ balance: 0, totalBalance: 0, withdrawable: 0 });
  });
});
