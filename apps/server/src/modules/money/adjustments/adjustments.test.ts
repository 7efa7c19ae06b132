import type { TAuditEntry } from '@meridian/contracts/balances';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { postAccountChanges } from '../../../../test/helpers/account-changes.ts';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { asMultipart, asUrlencoded } from '../../../../test/helpers/bodies.ts';
import { buildSignedInApp, closeAfterLedgerCheck } from '../../../../test/helpers/build-app.ts';
import { createUser, signedInUser, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { balancesOf, fund, generateCode, mustFund } from '../../../../test/helpers/withdrawal-api.ts';
import { createPendingWithdrawal, createWithdrawalMethod } from '../../../../test/helpers/withdrawal-fixtures.ts';
import { auditLog } from '../../../db/schema/audit.ts';
import { ledgerEntries, ledgerTransactions } from '../../../db/schema/ledger.ts';
import { transactions } from '../../../db/schema/money.ts';

const { t, app, admin } = await buildSignedInApp(['Admin']);
afterAll(() => closeAfterLedgerCheck(t));

const action = (path: string, body: Record<string, unknown>, key?: string, as: TSignedIn = admin) =>
  app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: { ...as.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
const debit = (userId: string, amount: number | string, key?: string) =>
  action(`/user/debit/${userId}`, { amount, reason: 'Chargeback' }, key);
const addProfit = (userId: string, amount: number | string) =>
  action(`/trade/profit/${userId}`, { amount, reason: 'Trade payout' });
const clear = (userId: string, reason = 'Account closed at client request') =>
  action(`/user/clear-balances/${userId}`, { reason });

const newClient = async () => (await createUser(app, 'Client')).id;

/** The client's Adjustment records, newest first. */
const adjustmentsOf = (userId: string) =>
  app.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.type, 'Adjustment')))
    .orderBy(desc(transactions.createdAt));

/** The legs (account → cents) of the posting behind an Adjustment record. */
async function legsOf(transactionId: string) {
  const rows = await app.db
    .select({ kind: ledgerTransactions.kind, account: ledgerEntries.account, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(eq(ledgerTransactions.refId, transactionId));
  return {
    kinds: [...new Set(rows.map((r) => r.kind))],
    legs: Object.fromEntries(rows.map((r) => [r.account, r.amount])),
  };
}

const auditOf = (userId: string) =>
  app.db.select().from(auditLog).where(eq(auditLog.targetUserId, userId)).orderBy(desc(auditLog.createdAt));

describe('POST /api/user/fund/:userId (Credit Account)', () => {
  it('credits the balance from adjustments, records it for the client and in the audit log', async () => {
    const userId = await newClient();
    const res = await fund(app, admin, userId, '150.25');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Credit successful' });
    expect(await balancesOf(app, userId)).toMatchObject({ balance: 15_025n, profit: 0n });

    const [row] = await adjustmentsOf(userId);
    expect(row).toMatchObject({
      status: 'Completed',
      amount: 15_025n,
      direction: 'in',
      adjustmentKind: 'credit',
      reason: 'Wire received',
      decidedBy: admin.id,
    });
    expect(await legsOf(row?.id ?? '')).toEqual({
      kinds: ['adjustment.credit'],
      legs: { adjustments: -15_025n, balance: 15_025n },
    });
    const [audit] = await auditOf(userId);
    expect(audit).toMatchObject({
      action: 'balance.credit',
      actorId: admin.id,
      entityId: row?.id,
      reason: 'Wire received',
      before: { balance: 0, profitBalance: 0, tradingBalance: 0, bonus: 0, withdrawalHold: 0 },
      after: { balance: 150.25, profitBalance: 0, tradingBalance: 0, bonus: 0, withdrawalHold: 0 },
    });

    // The client sees it in their history, with the reason.
    const client = await signedInUser(app, 'Client');
    await mustFund(app, admin, client.id, 5);
    const history = await app.inject({
      method: 'GET',
      url: `/api/transaction/user/${client.id}`,
      headers: client.headers,
    });
    expect(history.json().transactions[0]).toMatchObject({
      type: 'Adjustment',
      adjustmentKind: 'credit',
      reason: 'Wire received',
      amount: 5,
      direction: 'in',
      status: 'Completed',
    });
  });

  it('takes the form encodings the admin dialog sends', async () => {
    const userId = await newClient();
    for (const body of [asUrlencoded({ amount: '1.5', reason: 'x' }), asMultipart({ amount: '2.5', reason: 'y' })]) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/user/fund/${userId}`,
        headers: { ...admin.headers, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await balancesOf(app, userId)).balance).toBe(400n);
  });

  it('refuses 0, more than 2 decimals, a missing amount and a missing reason', async () => {
    const userId = await newClient();
    expectApiError(await fund(app, admin, userId, 0), 400, 'VALIDATION', 'Amount must be greater than 0');
    expectApiError(await fund(app, admin, userId, '0.00'), 400, 'VALIDATION', 'Amount must be greater than 0');
    expectApiError(await fund(app, admin, userId, '1.001'), 400, 'VALIDATION');
    expectApiError(await fund(app, admin, userId, -5), 400, 'VALIDATION');
    expectApiError(await action(`/user/fund/${userId}`, { reason: 'r' }), 400, 'VALIDATION', 'Amount is required');
    expectApiError(await action(`/user/fund/${userId}`, { amount: 5 }), 400, 'VALIDATION', 'A reason is required');
    expectApiError(
      await action(`/user/fund/${userId}`, { amount: 5, reason: '   ' }),
      400,
      'VALIDATION',
      'A reason is required',
    );
    expect(await adjustmentsOf(userId)).toHaveLength(0);
  });

  it('acts only on clients (404 for an admin, an agent or an unknown id)', async () => {
    const other = await createUser(app, 'Admin');
    const agent = await createUser(app, 'Agent');
    for (const id of [other.id, agent.id, '7c9e6679-7425-40de-944b-e07fc1f90ae7']) {
      expectApiError(await fund(app, admin, id, 10), 404, 'NOT_FOUND');
      expectApiError(await debit(id, 10), 404, 'NOT_FOUND');
      expectApiError(await addProfit(id, 10), 404, 'NOT_FOUND');
      expectApiError(await clear(id), 404, 'NOT_FOUND');
    }
  });

  it('answers 404 for a closed client account and moves nothing (nobody could use the money)', async () => {
    const userId = await newClient();
    await fund(app, admin, userId, 10);
    expect((await clear(userId)).statusCode).toBe(200);
    const closed = await app.inject({ method: 'DELETE', url: `/api/client/${userId}`, headers: admin.headers });
    expect(closed.statusCode, closed.body).toBe(200);
    const before = await balancesOf(app, userId);
    const entries = await app.db.$count(ledgerEntries, eq(ledgerEntries.userId, userId));

    expectApiError(await fund(app, admin, userId, 10), 404, 'NOT_FOUND', 'Not found');
    expectApiError(await addProfit(userId, 10), 404, 'NOT_FOUND', 'Not found');
    expectApiError(await debit(userId, 10), 404, 'NOT_FOUND', 'Not found');
    expectApiError(await clear(userId), 404, 'NOT_FOUND', 'Not found');
    expect(await balancesOf(app, userId)).toEqual(before);
    expect(before).toMatchObject({ balance: 0n, profit: 0n });
    expect(await app.db.$count(ledgerEntries, eq(ledgerEntries.userId, userId))).toBe(entries);
    expect(await adjustmentsOf(userId)).toHaveLength(2);
  });

  it('moves money once and replays the answer for a repeated Idempotency-Key', async () => {
    const userId = await newClient();
    const first = await fund(app, admin, userId, 10, 'credit-key');
    const again = await fund(app, admin, userId, 10, 'credit-key');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect((await balancesOf(app, userId)).balance).toBe(1_000n);
    expect(await adjustmentsOf(userId)).toHaveLength(1);
  });
});

describe('POST /api/user/debit/:userId (Debit Account)', () => {
  it('takes from the balance back to adjustments', async () => {
    const userId = await newClient();
    await mustFund(app, admin, userId, 100);
    const res = await debit(userId, 40.5);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Debit successful' });
    expect((await balancesOf(app, userId)).balance).toBe(5_950n);
    const [row] = await adjustmentsOf(userId);
    expect(row).toMatchObject({ adjustmentKind: 'debit', direction: 'out', amount: 4_050n, reason: 'Chargeback' });
    expect((await legsOf(row?.id ?? '')).legs).toEqual({ balance: -4_050n, adjustments: 4_050n });
    expect((await auditOf(userId))[0]).toMatchObject({
      action: 'balance.debit',
      before: { balance: 100 },
      after: { balance: 59.5 },
    });
  });

  it('refuses more than the balance (profit and bonus do not count) and changes nothing', async () => {
    const userId = await newClient();
    await mustFund(app, admin, userId, 50);
    await addProfit(userId, 500);
    const res = await debit(userId, 50.01);
    expectApiError(res, 422, 'INSUFFICIENT_FUNDS', 'Insufficient balance');
    expect(await balancesOf(app, userId)).toMatchObject({ balance: 5_000n, profit: 50_000n });
    expect(await adjustmentsOf(userId)).toHaveLength(2);
    expect((await debit(userId, 50)).statusCode).toBe(200);
    expect((await balancesOf(app, userId)).balance).toBe(0n);
  });

  it('refuses 0', async () => {
    const userId = await newClient();
    await mustFund(app, admin, userId, 5);
    expectApiError(await debit(userId, 0), 400, 'VALIDATION', 'Amount must be greater than 0');
  });

  it('never takes the balance below zero under concurrent debits', async () => {
    const userId = await newClient();
    await mustFund(app, admin, userId, 100);
    const answers = await Promise.all([1, 2, 3, 4].map(() => debit(userId, 40)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 422, 422]);
    expect((await balancesOf(app, userId)).balance).toBe(2_000n);
  });
});

describe('POST /api/trade/profit/:id (Add Profit)', () => {
  it('adds to the profit balance from adjustments', async () => {
    const userId = await newClient();
    const res = await addProfit(userId, 12.34);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Balance updated successfully' });
    expect(await balancesOf(app, userId)).toMatchObject({ balance: 0n, profit: 1_234n });
    const [row] = await adjustmentsOf(userId);
    expect(row).toMatchObject({ adjustmentKind: 'profit', direction: 'in', amount: 1_234n, reason: 'Trade payout' });
    expect((await legsOf(row?.id ?? '')).legs).toEqual({ profit: 1_234n, adjustments: -1_234n });
    expect((await auditOf(userId))[0]).toMatchObject({ action: 'balance.profit', after: { profitBalance: 12.34 } });
  });

  it('requires more than 0', async () => {
    const userId = await newClient();
    const res = await addProfit(userId, 0);
    const body = expectApiError(res, 400, 'VALIDATION', 'Amount must be greater than 0');
    expect(body.fieldErrors?.amount).toBe('Amount must be greater than 0');
    expect(await adjustmentsOf(userId)).toHaveLength(0);
  });
});

describe('POST /api/user/clear-balances/:id (Clear Balance)', () => {
  it('returns balance, trading, profit and bonus to adjustments, leaving the hold of pending withdrawals', async () => {
    const client = await signedInUser(app, 'Client');
    await mustFund(app, admin, client.id, 300);
    await addProfit(client.id, 20);
    await postAccountChanges(
      app,
      admin.id,
      client.id,
      { balance: -5_000n, trading: 5_000n, bonus: 700n },
      'Invest and bonus',
    );
    const method = await createWithdrawalMethod(app);
    await createPendingWithdrawal(app, client.id, method.id, 3_000n); // profit 20 + balance 10
    expect(await balancesOf(app, client.id)).toMatchObject({
      balance: 24_000n,
      trading: 5_000n,
      profit: 0n,
      bonus: 700n,
      hold: 3_000n,
    });

    const res = await clear(client.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'All user balance cleared' });
    expect(await balancesOf(app, client.id)).toEqual({ balance: 0n, trading: 0n, profit: 0n, bonus: 0n, hold: 3_000n });

    const [row] = await adjustmentsOf(client.id);
    expect(row).toMatchObject({ adjustmentKind: 'clear', direction: 'out', amount: 29_700n });
    expect((await legsOf(row?.id ?? '')).legs).toEqual({
      balance: -24_000n,
      trading: -5_000n,
      bonus: -700n,
      adjustments: 29_700n,
    });
    expect((await auditOf(client.id))[0]).toMatchObject({
      action: 'balance.clear',
      reason: 'Account closed at client request',
      before: { balance: 240, tradingBalance: 50, profitBalance: 0, bonus: 7, withdrawalHold: 30 },
      after: { balance: 0, tradingBalance: 0, profitBalance: 0, bonus: 0, withdrawalHold: 30 },
    });
  });

  it('answers the same when there is nothing to clear, and records nothing', async () => {
    const userId = await newClient();
    const res = await clear(userId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'All user balance cleared' });
    expect(await adjustmentsOf(userId)).toHaveLength(0);
    expect(await auditOf(userId)).toHaveLength(0);
  });

  it('requires a reason', async () => {
    const userId = await newClient();
    expectApiError(await action(`/user/clear-balances/${userId}`, {}), 400, 'VALIDATION', 'A reason is required');
  });
});

describe('GET /api/admin/audit', () => {
  it('lists entries newest first with actor and target names, filtered by action and client', async () => {
    const userId = await newClient();
    await mustFund(app, admin, userId, 10);
    await debit(userId, 3);
    await addProfit(userId, 1);
    const res = await app.inject({
      method: 'GET',
      url: `/api/admin/audit?targetUserId=${userId}&limit=2`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ entries: TAuditEntry[]; totalPage: number }>();
    expect(page.totalPage).toBe(2);
    expect(page.entries.map((e) => e.action)).toEqual(['balance.profit', 'balance.debit']);
    expect(page.entries[0]).toMatchObject({
      actor: { id: admin.id, name: 'Admin Tester', email: admin.email },
      target: { id: userId, name: 'Client Tester' },
      entityType: 'transaction',
      reason: 'Trade payout',
    });

    const credits = await app.inject({
      method: 'GET',
      url: `/api/admin/audit?action=balance.credit&targetUserId=${userId}`,
      headers: admin.headers,
    });
    expect(credits.json().entries).toHaveLength(1);
    expect(credits.json().entries[0]).toMatchObject({ action: 'balance.credit', after: { balance: 10 } });
  });

  it('is for admins only', async () => {
    const client = await signedInUser(app, 'Client');
    expectApiError(
      await app.inject({ method: 'GET', url: '/api/admin/audit', headers: client.headers }),
      403,
      'FORBIDDEN',
    );
  });
});

describe('GET /api/admin/outbox', () => {
  it('lists the mail the platform sent, newest first', async () => {
    const a = await signedInUser(app, 'Client');
    const b = await signedInUser(app, 'Client');
    await generateCode(app, a);
    await generateCode(app, b);
    const res = await app.inject({ method: 'GET', url: '/api/admin/outbox?limit=1', headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0]).toMatchObject({
      to: b.email,
      subject: 'Your withdrawal verification code',
      transport: 'outbox',
    });
    expect(body.messages[0].text).toMatch(/\b\d{6}\b/);
    expect(body.totalPage).toBeGreaterThanOrEqual(2);
  });
});
