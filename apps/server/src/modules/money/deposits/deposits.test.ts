import { MAX_PENDING_DEPOSITS } from '@meridian/contracts/constants';
import type { TDepositMethod } from '@meridian/contracts/methods';
import type { TTransaction } from '@meridian/contracts/transactions';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { ENCODINGS, encode } from '../../../../test/helpers/bodies.ts';
import { buildSignedInApp } from '../../../../test/helpers/build-app.ts';
import {
  balanceOf,
  createDepositMethodViaApi,
  declareDeposit,
  putDepositStatus,
} from '../../../../test/helpers/deposits.ts';
import { signedInUser, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { auditLog } from '../../../db/schema/audit.ts';
import { ledgerTransactions } from '../../../db/schema/ledger.ts';
import { transactions } from '../../../db/schema/money.ts';
import { verifyLedger } from '../../../ledger/verify.ts';
import { insertTransaction } from '../transactions/transactions.repository.ts';

const { t, app, admin } = await buildSignedInApp(['Admin']);
afterAll(() => t.close());
let method: TDepositMethod;

beforeAll(async () => {
  method = await createDepositMethodViaApi(app, admin, {
    name: 'USDT (TRC20)',
    value: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    minAmount: 10,
    maxAmount: 50000,
  });
});
// Whatever a test did, every cached balance still equals the sum of its ledger entries.
afterEach(async () => {
  const report = await verifyLedger(app.db);
  expect(report, JSON.stringify(report)).toMatchObject({ ok: true, total: '0' });
});

const newClient = () => signedInUser(app, 'Client');

const postDeposit = (as: TSignedIn, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/deposit', headers: { ...as.headers, ...headers }, payload });

async function depositsOf(as: TSignedIn, userId = as.id, query = '') {
  const res = await app.inject({ method: 'GET', url: `/api/deposit/user/${userId}${query}`, headers: as.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ deposits: TTransaction[]; totalPage: number }>();
}

async function completionPostings(depositId: string) {
  return app.db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.refType, 'transaction'), eq(ledgerTransactions.refId, depositId)));
}

describe('POST /api/deposit', () => {
  it('creates a Pending deposit with the method’s name and address, and moves no money yet', async () => {
    const client = await newClient();
    const res = await postDeposit(client, { amount: 250.75, depositMethod: method.id, user: client.id });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ message: string; deposit: TTransaction }>();
    expect(body.message).toBe('Deposit Successfully');
    expect(body.deposit).toMatchObject({
      type: 'Deposit',
      status: 'Pending',
      amount: 250.75,
      direction: 'in',
      userId: client.id,
      depositMethod: { id: method.id, name: 'USDT (TRC20)', value: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
    });
    const [row] = await app.db.select().from(transactions).where(eq(transactions.id, body.deposit.id));
    expect(row?.amount).toBe(25075n);
    expect(await balanceOf(app, client)).toMatchObject({ balance: 0, totalDeposit: 0, totalBalance: 0 });
  });

  it.each(ENCODINGS)('takes the form as %s', async (encoding) => {
    const client = await newClient();
    const body = encode(encoding, { amount: '10.50', depositMethod: method.id, user: client.id });
    const res = await app.inject({
      method: 'POST',
      url: '/api/deposit',
      headers: { ...client.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().deposit.amount).toBe(10.5);
  });

  it('accepts the method’s exact minimum and maximum', async () => {
    const client = await newClient();
    for (const amount of [10, 50000]) {
      expect((await postDeposit(client, { amount, depositMethod: method.id, user: client.id })).statusCode).toBe(201);
    }
  });

  it.each([
    [9.99, 'Minimum amount is $10.00'],
    [0, 'Minimum amount is $10.00'],
    [50000.01, 'Maximum amount is $50,000.00'],
    ['1000000', 'Maximum amount is $50,000.00'],
  ])('refuses %s: "%s" on the amount field', async (amount, message) => {
    const client = await newClient();
    const res = await postDeposit(client, { amount, depositMethod: method.id, user: client.id });
    const body = expectApiError(res, 400, 'VALIDATION', message);
    expect(body.fieldErrors).toEqual({ amount: message });
    expect((await depositsOf(client)).deposits).toEqual([]);
  });

  it('says the limits of the method in use', async () => {
    const client = await newClient();
    const small = await createDepositMethodViaApi(app, admin, { name: 'Small', minAmount: 0.5, maxAmount: 1234.5 });
    const low = await postDeposit(client, { amount: 0.49, depositMethod: small.id, user: client.id });
    expectApiError(low, 400, 'VALIDATION', 'Minimum amount is $0.50');
    const high = await postDeposit(client, { amount: 1234.51, depositMethod: small.id, user: client.id });
    expectApiError(high, 400, 'VALIDATION', 'Maximum amount is $1,234.50');
  });

  it('refuses a zero amount even when the method’s minimum is $0', async () => {
    const client = await newClient();
    const free = await createDepositMethodViaApi(app, admin, { name: 'No minimum', minAmount: 0 });
    const res = await postDeposit(client, { amount: '0.00', depositMethod: free.id, user: client.id });
    expect(expectApiError(res, 400, 'VALIDATION', 'Amount must be greater than 0').fieldErrors).toEqual({
      amount: 'Amount must be greater than 0',
    });
  });

  it.each([
    [undefined, 'Amount is required'],
    ['', 'Amount is required'],
    [10.005, 'Enter an amount in dollars with at most 2 decimals'],
    ['1e3', 'Enter an amount in dollars with at most 2 decimals'],
    [-20, 'Amount must be positive'],
  ])('refuses the amount %j with "%s"', async (amount, message) => {
    const client = await newClient();
    const res = await postDeposit(client, { amount, depositMethod: method.id, user: client.id });
    expect(expectApiError(res, 400, 'VALIDATION').fieldErrors?.amount).toBe(message);
  });

  it('answers 404 "Payment method not found" for an unknown or deleted method', async () => {
    const client = await newClient();
    const unknown = await postDeposit(client, {
      amount: 20,
      depositMethod: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      user: client.id,
    });
    expectApiError(unknown, 404, 'NOT_FOUND', 'Payment method not found');

    const gone = await createDepositMethodViaApi(app, admin, { name: 'Gone' });
    await app.inject({ method: 'DELETE', url: `/api/depositmethod/${gone.id}`, headers: admin.headers });
    const deleted = await postDeposit(client, { amount: 20, depositMethod: gone.id, user: client.id });
    expectApiError(deleted, 404, 'NOT_FOUND', 'Payment method not found');
  });

  it('refuses a deposit in another client’s name (403), and an admin’s (403)', async () => {
    const [a, b] = await Promise.all([newClient(), newClient()]);
    const res = await postDeposit(b, { amount: 20, depositMethod: method.id, user: a.id });
    expectApiError(res, 403, 'FORBIDDEN', 'You can only act on your own account');
    expect((await depositsOf(a)).deposits).toEqual([]);
    expect((await depositsOf(b)).deposits).toEqual([]);

    const byAdmin = await postDeposit(admin, { amount: 20, depositMethod: method.id, user: a.id });
    expectApiError(byAdmin, 403, 'FORBIDDEN');
  });

  it('creates one deposit for a repeated Idempotency-Key and answers the repeat with the first answer', async () => {
    const client = await newClient();
    const payload = { amount: 75, depositMethod: method.id, user: client.id };
    const first = await postDeposit(client, payload, { 'idempotency-key': 'deposit-1' });
    const again = await postDeposit(client, payload, { 'idempotency-key': 'deposit-1' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await depositsOf(client)).deposits).toHaveLength(1);

    const other = await postDeposit(client, { ...payload, amount: 76 }, { 'idempotency-key': 'deposit-1' });
    expectApiError(other, 422, 'IDEMPOTENCY_MISMATCH');
    expect((await depositsOf(client)).deposits).toHaveLength(1);
  });
});

describe(`at most ${MAX_PENDING_DEPOSITS} Pending deposits per client`, () => {
  const TOO_MANY = `You already have ${MAX_PENDING_DEPOSITS} deposits waiting for confirmation. Wait until one is confirmed or declined before declaring another.`;

  async function fillUp(client: TSignedIn): Promise<TTransaction[]> {
    const made: TTransaction[] = [];
    for (let i = 0; i < MAX_PENDING_DEPOSITS; i++) made.push(await declareDeposit(app, client, method.id, 20 + i));
    return made;
  }

  it('accepts five, refuses the sixth with 409 CONFLICT and the key with its max, and stores nothing', async () => {
    expect(MAX_PENDING_DEPOSITS).toBe(5);
    const client = await newClient();
    await fillUp(client);
    const res = await postDeposit(client, { amount: 30, depositMethod: method.id, user: client.id });
    const body = expectApiError(res, 409, 'CONFLICT', TOO_MANY);
    expect(body).toMatchObject({ key: 'errors.tooManyPendingDeposits', params: { max: MAX_PENDING_DEPOSITS } });
    expect((await depositsOf(client)).deposits).toHaveLength(MAX_PENDING_DEPOSITS);
    // Another client is not affected.
    const other = await newClient();
    expect((await postDeposit(other, { amount: 30, depositMethod: method.id, user: other.id })).statusCode).toBe(201);
  });

  it.each(['Declined', 'Completed'])('accepts a new one once an admin sets one %s', async (status) => {
    const client = await newClient();
    const [first] = await fillUp(client);
    const payload = { amount: 30, depositMethod: method.id, user: client.id };
    expectApiError(await postDeposit(client, payload), 409, 'CONFLICT');
    expect((await putDepositStatus(app, admin, first?.id ?? '', status)).statusCode).toBe(200);
    expect((await postDeposit(client, payload)).statusCode).toBe(201);
    expectApiError(await postDeposit(client, payload), 409, 'CONFLICT');
  });

  it('accepts a new one once an admin deletes one', async () => {
    const client = await newClient();
    const [first] = await fillUp(client);
    const payload = { amount: 30, depositMethod: method.id, user: client.id };
    expectApiError(await postDeposit(client, payload), 409, 'CONFLICT');
    const del = await app.inject({ method: 'DELETE', url: `/api/deposit/${first?.id}`, headers: admin.headers });
    expect(del.statusCode, del.body).toBe(200);
    expect((await postDeposit(client, payload)).statusCode).toBe(201);
  });

  it('8 declared in parallel: exactly 5 accepted, the rest 409', async () => {
    const client = await newClient();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        postDeposit(client, { amount: 10 + i, depositMethod: method.id, user: client.id }),
      ),
    );
    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses, results.map((res) => res.body).join('\n')).toEqual([201, 201, 201, 201, 201, 409, 409, 409]);
    for (const res of results.filter((r) => r.statusCode === 409)) {
      expect(res.json()).toMatchObject({ error: 'CONFLICT', key: 'errors.tooManyPendingDeposits' });
    }
    const rows = await app.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, client.id), eq(transactions.status, 'Pending')));
    expect(rows).toHaveLength(MAX_PENDING_DEPOSITS);
  });
});

describe('PUT /api/deposit/status/:id', () => {
  it('Completed credits the balance once, records who decided and when, and is audited', async () => {
    const client = await newClient();
    const deposit = await declareDeposit(app, client, method.id, 120.35);
    const res = await putDepositStatus(app, admin, deposit.id, 'Completed');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Deposit Status Updated Successfully',
      deposit: { id: deposit.id, status: 'Completed', amount: 120.35 },
    });
    expect(await balanceOf(app, client)).toEqual({
      balance: 120.35,
      tradingBalance: 0,
      profitBalance: 0,
      bonus: 0,
      withdrawalHold: 0,
      totalBalance: 120.35,
      withdrawable: 120.35,
      totalDeposit: 120.35,
      totalWithdrawal: 0,
      totalInvestment: 0,
      realisedProfit: { plans: 0, positions: 0, signals: 0, total: 0 },
      profitCredits: 0,
    });

    const [row] = await app.db.select().from(transactions).where(eq(transactions.id, deposit.id));
    expect(row?.decidedBy).toBe(admin.id);
    expect(row?.decidedAt).toBeInstanceOf(Date);
    expect(row?.updatedAt.getTime()).toBeGreaterThanOrEqual(row?.createdAt.getTime() ?? Infinity);

    const postings = await completionPostings(deposit.id);
    expect(postings).toHaveLength(1);
    expect(postings[0]).toMatchObject({ kind: 'deposit.completed', actorId: admin.id });

    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'deposit.status'), eq(auditLog.entityId, deposit.id)));
    expect(audit).toMatchObject({
      actorId: admin.id,
      targetUserId: client.id,
      before: { status: 'Pending' },
      after: { status: 'Completed' },
    });
  });

  it('Completed is final: any other status is refused with 409 and the balance stays', async () => {
    const client = await newClient();
    const deposit = await declareDeposit(app, client, method.id, 40);
    await putDepositStatus(app, admin, deposit.id, 'Completed');
    for (const status of ['Pending', 'Declined']) {
      const res = await putDepositStatus(app, admin, deposit.id, status);
      expectApiError(res, 409, 'CONFLICT', 'This status is final and cannot be changed');
    }
    const same = await putDepositStatus(app, admin, deposit.id, 'Completed');
    expect(same.statusCode).toBe(200);
    expect(same.json().deposit.status).toBe('Completed');
    expect((await balanceOf(app, client)).balance).toBe(40);
    expect(await completionPostings(deposit.id)).toHaveLength(1);
  });

  it('Declined can still change: Pending → Declined → Pending → Declined → Completed credits once', async () => {
    const client = await newClient();
    const deposit = await declareDeposit(app, client, method.id, 99.99);
    for (const status of ['Declined', 'Pending', 'Declined']) {
      const res = await putDepositStatus(app, admin, deposit.id, status);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().deposit.status).toBe(status);
      expect((await balanceOf(app, client)).balance).toBe(0);
    }
    expect((await putDepositStatus(app, admin, deposit.id, 'Completed')).statusCode).toBe(200);
    expect(await balanceOf(app, client)).toMatchObject({ balance: 99.99, totalDeposit: 99.99 });
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'deposit.status'), eq(auditLog.entityId, deposit.id)))
      .orderBy(auditLog.createdAt);
    expect(audits.map((a) => a.after)).toEqual([
      { status: 'Declined' },
      { status: 'Pending' },
      { status: 'Declined' },
      { status: 'Completed' },
    ]);
  });

  it('setting the status it already has changes nothing (200, no audit entry)', async () => {
    const client = await newClient();
    const deposit = await declareDeposit(app, client, method.id, 15);
    const res = await putDepositStatus(app, admin, deposit.id, 'Pending');
    expect(res.statusCode).toBe(200);
    expect(res.json().deposit).toEqual(deposit);
    const audits = await app.db.select().from(auditLog).where(eq(auditLog.entityId, deposit.id));
    expect(audits).toEqual([]);
  });

  it('two concurrent approvals without a key credit the balance once', async () => {
    const client = await newClient();
    const deposit = await declareDeposit(app, client, method.id, 500);
    const [a, b] = await Promise.all([
      putDepositStatus(app, admin, deposit.id, 'Completed'),
      putDepositStatus(app, admin, deposit.id, 'Completed'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().deposit.status).toBe('Completed');
    expect(b.json().deposit.status).toBe('Completed');
    expect(await balanceOf(app, client)).toMatchObject({ balance: 500, totalDeposit: 500 });
    expect(await completionPostings(deposit.id)).toHaveLength(1);
  });

  it('concurrent Completed and Declined end Completed with one credit (Declined may change, Completed may not)', async () => {
    const client = await newClient();
    const deposit = await declareDeposit(app, client, method.id, 60);
    const results = await Promise.all([
      putDepositStatus(app, admin, deposit.id, 'Completed'),
      putDepositStatus(app, admin, deposit.id, 'Declined'),
    ]);
    // Declined first: both succeed. Completed first: the late Declined is refused as final.
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(results.map((r) => r.statusCode).sort());
    const [row] = await app.db.select().from(transactions).where(eq(transactions.id, deposit.id));
    expect(row?.status).toBe('Completed');
    expect((await balanceOf(app, client)).balance).toBe(60);
    expect(await completionPostings(deposit.id)).toHaveLength(1);
  });

  it('a repeat with the same Idempotency-Key gets the first answer back and credits nothing more', async () => {
    const client = await newClient();
    const deposit = await declareDeposit(app, client, method.id, 321.09);
    const key = { 'idempotency-key': `approve-${deposit.id}` };
    const first = await putDepositStatus(app, admin, deposit.id, 'Completed', key);
    const again = await putDepositStatus(app, admin, deposit.id, 'Completed', key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.body).toBe(first.body);
    expect(await balanceOf(app, client)).toMatchObject({ balance: 321.09, totalDeposit: 321.09 });
    expect(await completionPostings(deposit.id)).toHaveLength(1);
  });

  it('concurrent repeats with the same Idempotency-Key credit once', async () => {
    const client = await newClient();
    const deposit = await declareDeposit(app, client, method.id, 42);
    const key = { 'idempotency-key': `approve-twice-${deposit.id}` };
    const results = await Promise.all([
      putDepositStatus(app, admin, deposit.id, 'Completed', key),
      putDepositStatus(app, admin, deposit.id, 'Completed', key),
    ]);
    // The second either replays the first answer or is told the first is still running (409).
    for (const res of results) expect([200, 409], res.body).toContain(res.statusCode);
    expect(results.some((r) => r.statusCode === 200)).toBe(true);
    expect((await balanceOf(app, client)).balance).toBe(42);
    expect(await completionPostings(deposit.id)).toHaveLength(1);
  });

  it('refuses a status a deposit cannot have, an unknown id, and a record that is not a deposit', async () => {
    const client = await newClient();
    const deposit = await declareDeposit(app, client, method.id, 20);
    for (const status of ['Approved', 'Failed', '']) {
      const res = await putDepositStatus(app, admin, deposit.id, status);
      expect(expectApiError(res, 400, 'VALIDATION').fieldErrors?.status).toBe('Please select a status');
    }
    const ghost = await putDepositStatus(app, admin, '7c9e6679-7425-40de-944b-e07fc1f90ae7', 'Completed');
    expectApiError(ghost, 404, 'NOT_FOUND', 'Not found');

    const investment = await insertTransaction(app.db, {
      userId: client.id,
      type: 'Investment',
      status: 'Pending',
      amount: 1000n,
      direction: 'out',
      investmentPlanName: 'Basic Plan',
    });
    expectApiError(await putDepositStatus(app, admin, investment.id, 'Completed'), 404, 'NOT_FOUND');
    expect((await balanceOf(app, client)).balance).toBe(0);
  });

  it('lets no client set a status, not even on their own deposit', async () => {
    const client = await newClient();
    const deposit = await declareDeposit(app, client, method.id, 20);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/deposit/status/${deposit.id}`,
      headers: client.headers,
      payload: { status: 'Completed' },
    });
    expectApiError(res, 403, 'FORBIDDEN');
    expect((await depositsOf(client)).deposits[0]?.status).toBe('Pending');
    expect((await balanceOf(app, client)).balance).toBe(0);
  });
});

describe('DELETE /api/deposit/:id', () => {
  const del = (id: string, as: TSignedIn = admin) =>
    app.inject({ method: 'DELETE', url: `/api/deposit/${id}`, headers: as.headers });

  it('deletes a Pending or Declined deposit: gone from every list and the detail, audited', async () => {
    const client = await newClient();
    const pending = await declareDeposit(app, client, method.id, 20);
    const declined = await declareDeposit(app, client, method.id, 30);
    await putDepositStatus(app, admin, declined.id, 'Declined');

    for (const deposit of [pending, declined]) {
      const res = await del(deposit.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: 'Delete successfully' });
      const detail = await app.inject({ method: 'GET', url: `/api/transaction/${deposit.id}`, headers: admin.headers });
      expectApiError(detail, 404, 'NOT_FOUND');
      const [audit] = await app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'deposit.delete'), eq(auditLog.entityId, deposit.id)));
      expect(audit).toMatchObject({ actorId: admin.id, targetUserId: client.id, before: { id: deposit.id } });
    }
    expect((await depositsOf(client)).deposits).toEqual([]);
    const all = await app.inject({ method: 'GET', url: '/api/deposit?limit=100', headers: admin.headers });
    expect(all.json().deposits.map((d: TTransaction) => d.id)).not.toContain(pending.id);

    expectApiError(await del(pending.id), 404, 'NOT_FOUND');
    expectApiError(await putDepositStatus(app, admin, pending.id, 'Completed'), 404, 'NOT_FOUND');
    expect((await balanceOf(app, client)).balance).toBe(0);
  });

  it('keeps a Completed deposit: 409 CONFLICT, still listed, balance unchanged', async () => {
    const client = await newClient();
    const deposit = await declareDeposit(app, client, method.id, 80);
    await putDepositStatus(app, admin, deposit.id, 'Completed');
    const res = await del(deposit.id);
    expectApiError(
      res,
      409,
      'CONFLICT',
      'This record moved money and is kept (transaction records are kept at least 7 years)',
    );
    expect((await depositsOf(client)).deposits.map((d) => d.id)).toEqual([deposit.id]);
    expect((await balanceOf(app, client)).balance).toBe(80);
  });

  it('lets no client delete a deposit, not even their own', async () => {
    const client = await newClient();
    const deposit = await declareDeposit(app, client, method.id, 20);
    expectApiError(await del(deposit.id, client), 403, 'FORBIDDEN');
    expect((await depositsOf(client)).deposits).toHaveLength(1);
  });
});

describe('deposit lists', () => {
  it('a client reads their own deposits only, newest first, without other types or the client block', async () => {
    const [client, other] = await Promise.all([newClient(), newClient()]);
    const first = await declareDeposit(app, client, method.id, 11);
    const second = await declareDeposit(app, client, method.id, 12);
    await declareDeposit(app, other, method.id, 13);
    await insertTransaction(app.db, {
      userId: client.id,
      type: 'Investment',
      status: 'Approved',
      amount: 500n,
      direction: 'out',
      investmentPlanName: 'Basic Plan',
    });
    const page = await depositsOf(client);
    expect(page.totalPage).toBe(1);
    expect(page.deposits.map((d) => d.id)).toEqual([second.id, first.id]);
    expect(page.deposits[0]).not.toHaveProperty('user');

    expectApiError(
      await app.inject({ method: 'GET', url: `/api/deposit/user/${client.id}`, headers: other.headers }),
      403,
      'FORBIDDEN',
    );
    expect((await depositsOf(admin, client.id)).deposits.map((d) => d.id)).toEqual([second.id, first.id]);
  });

  it('the admin list carries each deposit’s client and only deposits; clients may not read it', async () => {
    const client = await newClient();
    const deposit = await declareDeposit(app, client, method.id, 14);
    const res = await app.inject({ method: 'GET', url: '/api/deposit', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ deposits: TTransaction[]; totalPage: number }>();
    expect(body.deposits[0]).toMatchObject({
      id: deposit.id,
      user: { id: client.id, firstname: 'Client', lastname: 'Tester', isVerified: false },
    });
    expect(body.deposits.every((d) => d.type === 'Deposit')).toBe(true);
    expect(body.deposits.length).toBeLessThanOrEqual(10);
    expectApiError(await app.inject({ method: 'GET', url: '/api/deposit', headers: client.headers }), 403, 'FORBIDDEN');
  });

  it('pages by `limit` (default 10, at most 100) and counts pages', async () => {
    const client = await newClient();
    const made: string[] = [];
    // At most MAX_PENDING_DEPOSITS may be Pending at once: decline each as it is declared (still listed).
    for (let i = 0; i < 12; i++) {
      const deposit = await declareDeposit(app, client, method.id, 10 + i);
      expect((await putDepositStatus(app, admin, deposit.id, 'Declined')).statusCode).toBe(200);
      made.push(deposit.id);
    }
    const newestFirst = [...made].reverse();

    const one = await depositsOf(client);
    expect(one).toMatchObject({ totalPage: 2 });
    expect(one.deposits.map((d) => d.id)).toEqual(newestFirst.slice(0, 10));
    const p1 = await depositsOf(client, client.id, '?page=1&limit=5');
    const p3 = await depositsOf(client, client.id, '?page=3&limit=5');
    expect(p1.totalPage).toBe(3);
    expect(p1.deposits.map((d) => d.id)).toEqual(newestFirst.slice(0, 5));
    expect(p3.deposits.map((d) => d.id)).toEqual(newestFirst.slice(10));
    expect((await depositsOf(client, client.id, '?page=4&limit=5')).deposits).toEqual([]);
    expect((await depositsOf(client, client.id, '?limit=100')).deposits).toHaveLength(12);

    for (const query of ['?limit=101', '?limit=0', '?page=0', '?page=x', '?sort=amount']) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/deposit/user/${client.id}${query}`,
        headers: client.headers,
      });
      expectApiError(res, 400, 'VALIDATION');
    }
    const empty = await newClient();
    expect(await depositsOf(empty)).toEqual({ deposits: [], totalPage: 1 });
  });
});

describe('the transfer hash or reference of a deposit', () => {
  /** A SHA-256 of nothing: the shape of a TRON transaction hash (64 hexadecimal characters). */
  const TRON_HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
  const SENDER = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
  const putReference = (as: TSignedIn, id: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'PUT', url: `/api/deposit/reference/${id}`, headers: as.headers, payload });
  const readAs = async (as: TSignedIn, id: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/transaction/${id}`, headers: as.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TTransaction>();
  };

  it('is kept when given with the deposit, and reads "not given" (null) when left out', async () => {
    const client = await newClient();
    const given = await postDeposit(client, {
      amount: 75,
      depositMethod: method.id,
      user: client.id,
      reference: ` ${TRON_HASH} `,
      senderAddress: SENDER,
    });
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json<{ deposit: TTransaction }>().deposit).toMatchObject({
      reference: TRON_HASH,
      senderAddress: SENDER,
    });
    const blank = await postDeposit(client, {
      amount: 75,
      depositMethod: method.id,
      user: client.id,
      reference: '',
      senderAddress: '',
    });
    expect(blank.json<{ deposit: TTransaction }>().deposit).toMatchObject({ reference: null, senderAddress: null });
    const none = await declareDeposit(app, client, method.id, 75);
    expect(none).toMatchObject({ reference: null, senderAddress: null });
  });

  it('the client adds it to their pending deposit; the admin sees it with the sender in the list and the record', async () => {
    const client = await newClient();
    const deposit = await declareDeposit(app, client, method.id, 120);
    const res = await putReference(client, deposit.id, { reference: TRON_HASH, senderAddress: SENDER });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; deposit: TTransaction }>();
    expect(body.message).toBe('Transaction reference saved');
    expect(body.deposit).toMatchObject({
      id: deposit.id,
      status: 'Pending',
      reference: TRON_HASH,
      senderAddress: SENDER,
    });

    expect(await readAs(admin, deposit.id)).toMatchObject({ reference: TRON_HASH, senderAddress: SENDER });
    const list = await app.inject({ method: 'GET', url: '/api/deposit?limit=100', headers: admin.headers });
    const listed = list.json<{ deposits: TTransaction[] }>().deposits.find((d) => d.id === deposit.id);
    expect(listed).toMatchObject({ reference: TRON_HASH, senderAddress: SENDER, user: { id: client.id } });
    // Moves no money.
    expect(await balanceOf(app, client)).toMatchObject({ balance: 0 });
  });

  it('can be corrected while pending: an omitted sender is kept, an empty one removed', async () => {
    const client = await newClient();
    const deposit = await declareDeposit(app, client, method.id, 50);
    await putReference(client, deposit.id, { reference: 'first-try', senderAddress: SENDER });
    const corrected = await putReference(client, deposit.id, { reference: TRON_HASH });
    expect(corrected.json<{ deposit: TTransaction }>().deposit).toMatchObject({
      reference: TRON_HASH,
      senderAddress: SENDER,
    });
    const removed = await putReference(client, deposit.id, { reference: TRON_HASH, senderAddress: '' });
    expect(removed.json<{ deposit: TTransaction }>().deposit).toMatchObject({ senderAddress: null });
    expect(await readAs(client, deposit.id)).toMatchObject({ reference: TRON_HASH, senderAddress: null });
  });

  it('is fixed once the deposit is decided (409), Completed or Declined', async () => {
    const client = await newClient();
    const completed = await declareDeposit(app, client, method.id, 30);
    await putReference(client, completed.id, { reference: TRON_HASH });
    expect((await putDepositStatus(app, admin, completed.id, 'Completed')).statusCode).toBe(200);
    const declined = await declareDeposit(app, client, method.id, 30);
    expect((await putDepositStatus(app, admin, declined.id, 'Declined')).statusCode).toBe(200);
    const notPending = 'The transaction reference can be changed only while the deposit is pending';
    for (const id of [completed.id, declined.id]) {
      expectApiError(await putReference(client, id, { reference: 'other-ref' }), 409, 'CONFLICT', notPending);
    }
    expect(await readAs(client, completed.id)).toMatchObject({ reference: TRON_HASH });
    expect(await readAs(client, declined.id)).toMatchObject({ reference: null });
  });

  it('only the client who declared it may give it: another client gets 404, an admin 403', async () => {
    const owner = await newClient();
    const other = await newClient();
    const deposit = await declareDeposit(app, owner, method.id, 40);
    expectApiError(await putReference(other, deposit.id, { reference: 'not-mine' }), 404, 'NOT_FOUND');
    expectApiError(await putReference(admin, deposit.id, { reference: 'desk-ref' }), 403, 'FORBIDDEN');
    expectApiError(
      await putReference(owner, '7c9e6679-7425-40de-944b-e07fc1f90ae7', { reference: 'x1' }),
      404,
      'NOT_FOUND',
    );
    expect(await readAs(owner, deposit.id)).toMatchObject({ reference: null });
  });

  it.each([
    [{ reference: '' }, 'reference', 'Enter the transaction hash or reference'],
    [{ reference: 'a'.repeat(129) }, 'reference', 'This value is too long'],
    [{ reference: 'hash<script>' }, 'reference', 'A reference may use letters, digits, spaces and . _ : / # + - only'],
    [
      { reference: `0x${TRON_HASH}` },
      'reference',
      'A transaction hash on this network has 64 hexadecimal characters (0-9, a-f), without 0x',
    ],
    [
      { reference: TRON_HASH.slice(0, 60) },
      'reference',
      'A transaction hash on this network has 64 hexadecimal characters (0-9, a-f), without 0x',
    ],
    [
      { reference: TRON_HASH, senderAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
      'senderAddress',
      'Enter a TRC20 (TRON) address: T followed by 33 letters and digits (no 0, O, I or l)',
    ],
  ])('refuses %j on the %s field: "%s", and keeps what was there', async (payload, field, message) => {
    const client = await newClient();
    const deposit = await declareDeposit(app, client, method.id, 40);
    const res = await putReference(client, deposit.id, payload);
    expect(expectApiError(res, 400, 'VALIDATION', message).fieldErrors).toEqual({ [field]: message });
    expect(await readAs(client, deposit.id)).toMatchObject({ reference: null, senderAddress: null });
  });

  it('takes references that are not hashes (an exchange’s or a bank’s), and a hash on an Ethereum method', async () => {
    const client = await newClient();
    const deposit = await declareDeposit(app, client, method.id, 40);
    for (const reference of ['Binance withdrawal 1234-5678', 'WD#20240501/77', 'abc123']) {
      const res = await putReference(client, deposit.id, { reference });
      expect(res.statusCode, res.body).toBe(200);
    }
    const eth = await createDepositMethodViaApi(app, admin, {
      name: 'Ethereum (ETH)',
      value: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    });
    const onEth = await declareDeposit(app, client, eth.id, 40);
    const evmHash = `0x${TRON_HASH}`;
    expect((await putReference(client, onEth.id, { reference: evmHash })).statusCode).toBe(200);
    expectApiError(
      await putReference(client, onEth.id, { reference: '0x1234' }),
      400,
      'VALIDATION',
      'A transaction hash on this network is 0x followed by 64 hexadecimal characters (0-9, a-f)',
    );
    expect(await readAs(client, onEth.id)).toMatchObject({ reference: evmHash });
  });
});
