import type { TApprovalAnswer, TApprovalPage } from '@meridian/contracts/approvals';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { buildTestApp, closeAfterLedgerCheck } from '../../../../test/helpers/build-app.ts';
import { createUser, setUserFields, signIn, type TSignedIn } from '../../../../test/helpers/factories.ts';
import {
  createPendingWithdrawal,
  createWithdrawalMethod,
  fundClient,
} from '../../../../test/helpers/withdrawal-fixtures.ts';
import { approvals } from '../../../db/schema/approvals.ts';
import { auditLog } from '../../../db/schema/audit.ts';
import { transactions } from '../../../db/schema/money.ts';
import { users } from '../../../db/schema/users.ts';

// Four eyes above $1,000 (docs/money.md, "Four-eyes approval").
const t = await buildTestApp({ APPROVAL_ADJUSTMENT_ABOVE: 100_000n, APPROVAL_WITHDRAWAL_ABOVE: 100_000n });
const app = t.app;
afterAll(() => closeAfterLedgerCheck(t));

let asker: TSignedIn;
let approver: TSignedIn;
let support: TSignedIn;

async function staff(role: 'Admin' | 'Finance' | 'Support') {
  const account = await createUser(app, 'Admin', { staffRole: role });
  return signIn(app, account.email);
}

beforeAll(async () => {
  [asker, approver, support] = await Promise.all([staff('Admin'), staff('Finance'), staff('Support')]);
});

async function client(cents: bigint) {
  const user = await createUser(app, 'Client', { isVerified: true });
  if (cents > 0n) await fundClient(app, user.id, cents, asker.id);
  return user;
}

const balances = async (id: string) => {
  const [row] = await app.db
    .select({ balance: users.balance, hold: users.withdrawalHold })
    .from(users)
    .where(eq(users.id, id));
  return row;
};

const post = (session: TSignedIn, url: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: session.headers, ...(payload ? { payload } : {}) });

async function waiting(): Promise<TApprovalPage['approvals']> {
  const res = await app.inject({ method: 'GET', url: '/api/approvals', headers: approver.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TApprovalPage>().approvals;
}

describe('a large balance action', () => {
  it('waits for a second staff member: nothing moves until they approve, and the asker cannot', async () => {
    const person = await client(500_000n);
    const asked = await post(asker, `/api/user/debit/${person.id}`, { amount: 2500, reason: 'Chargeback' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toBe(
      'Sent for approval: a second staff member must approve it before any money moves',
    );
    expect((await balances(person.id))?.balance).toBe(500_000n);

    const approval = (await waiting()).find((a) => a.client.id === person.id);
    expect(approval).toMatchObject({
      kind: 'debit',
      amount: 2500,
      reason: 'Chargeback',
      status: 'Pending',
      requestedBy: { id: asker.id },
      decidedBy: null,
    });
    if (!approval) throw new Error('no approval');

    const own = await post(asker, `/api/approvals/approve/${approval.id}`);
    expectApiError(own, 409, 'CONFLICT', 'You asked for this: a second staff member must approve it');
    expect((await balances(person.id))?.balance).toBe(500_000n);

    const byFinance = await post(approver, `/api/approvals/approve/${approval.id}`);
    expect(byFinance.statusCode, byFinance.body).toBe(200);
    expect(byFinance.json<TApprovalAnswer>().approval).toMatchObject({
      status: 'Approved',
      decidedBy: { id: approver.id },
    });
    expect((await balances(person.id))?.balance).toBe(250_000n);
    const debit = await app.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, person.id), eq(transactions.adjustmentKind, 'debit')));
    expect(debit).toMatchObject([{ amount: 250_000n, reason: 'Chargeback', decidedBy: asker.id }]);

    const trail = await app.db.select().from(auditLog).where(eq(auditLog.entityId, approval.id));
    expect(trail.map((e) => [e.action, e.actorId]).sort()).toEqual(
      [
        ['approval.approve', approver.id],
        ['approval.request', asker.id],
      ].sort(),
    );

    const again = await post(approver, `/api/approvals/approve/${approval.id}`);
    expectApiError(again, 409, 'CONFLICT', 'This has already been decided');
    expect((await balances(person.id))?.balance).toBe(250_000n);
  });

  it('runs at once at or below the threshold, and for a Clear Balance measures what the balances hold', async () => {
    const small = await client(200_000n);
    const res = await post(asker, `/api/user/debit/${small.id}`, { amount: 1000, reason: 'Fee' });
    expect(res.json().message).toBe('Debit successful');
    expect((await balances(small.id))?.balance).toBe(100_000n);

    const clear = await post(asker, `/api/user/clear-balances/${small.id}`, { reason: 'Closing' });
    expect(clear.json().message).toBe('All user balance cleared');
    expect((await balances(small.id))?.balance).toBe(0n);

    const large = await client(150_000n);
    const asked = await post(asker, `/api/user/clear-balances/${large.id}`, { reason: 'Closing' });
    expect(asked.json().message).toMatch(/^Sent for approval/);
    const approval = (await waiting()).find((a) => a.client.id === large.id);
    expect(approval).toMatchObject({ kind: 'clear', amount: 1500 });
    expect((await balances(large.id))?.balance).toBe(150_000n);
  });

  it('is refused when the action no longer holds at approval (the balance went), and stays waiting', async () => {
    const person = await client(300_000n);
    await post(asker, `/api/user/debit/${person.id}`, { amount: 2000, reason: 'Chargeback' });
    const approval = (await waiting()).find((a) => a.client.id === person.id);
    if (!approval) throw new Error('no approval');
    await post(asker, `/api/user/debit/${person.id}`, { amount: 900, reason: 'Fee' });
    await post(asker, `/api/user/debit/${person.id}`, { amount: 900, reason: 'Fee' });

    const res = await post(approver, `/api/approvals/approve/${approval.id}`);
    expectApiError(res, 422, 'INSUFFICIENT_FUNDS');
    expect((await balances(person.id))?.balance).toBe(120_000n);
    expect((await waiting()).find((a) => a.id === approval.id)?.status).toBe('Pending');
  });

  it('moves nothing when rejected, with the note, and Support may neither approve nor reject', async () => {
    const person = await client(0n);
    await post(asker, `/api/user/fund/${person.id}`, { amount: 5000, reason: 'Bonus' });
    const approval = (await waiting()).find((a) => a.client.id === person.id);
    if (!approval) throw new Error('no approval');
    expect(approval.kind).toBe('credit');

    expectApiError(await post(support, `/api/approvals/approve/${approval.id}`), 403, 'FORBIDDEN');
    expectApiError(await post(support, `/api/approvals/reject/${approval.id}`, { note: 'No' }), 403, 'FORBIDDEN');
    const res = await post(approver, `/api/approvals/reject/${approval.id}`, { note: 'No agreement on file' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TApprovalAnswer>().approval).toMatchObject({ status: 'Rejected', note: 'No agreement on file' });
    expect((await balances(person.id))?.balance).toBe(0n);
    expectApiError(await post(approver, `/api/approvals/approve/${approval.id}`), 409, 'CONFLICT');
  });

  it('runs once when two staff members approve at the same moment', async () => {
    const person = await client(400_000n);
    await post(asker, `/api/user/debit/${person.id}`, { amount: 1500, reason: 'Chargeback' });
    const approval = (await waiting()).find((a) => a.client.id === person.id);
    if (!approval) throw new Error('no approval');
    const other = await staff('Admin');
    const answers = await Promise.all([
      post(approver, `/api/approvals/approve/${approval.id}`),
      post(other, `/api/approvals/approve/${approval.id}`),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await balances(person.id))?.balance).toBe(250_000n);
  });
});

describe('a large withdrawal', () => {
  it('stays Pending with its hold until a second staff member approves; then it is paid with its reference', async () => {
    const method = await createWithdrawalMethod(app);
    const person = await client(0n);
    await setUserFields(app, person.id, { isVerified: true });
    const id = await createPendingWithdrawal(app, person.id, method.id, 200_000n);
    const complete = () =>
      app.inject({
        method: 'PUT',
        url: `/api/withdrawal/status/${id}`,
        headers: asker.headers,
        payload: { status: 'Completed', reference: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' },
      });
    const first = await complete();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: expect.stringMatching(/^Sent for approval/),
      withdrawal: { status: 'Pending' },
    });
    await complete();
    const rows = await app.db.select().from(approvals).where(eq(approvals.transactionId, id));
    expect(rows).toHaveLength(1);
    expect((await balances(person.id))?.hold).toBe(200_000n);

    const res = await post(approver, `/api/approvals/approve/${rows[0]?.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const [withdrawal] = await app.db.select().from(transactions).where(eq(transactions.id, id));
    expect(withdrawal).toMatchObject({
      status: 'Completed',
      decidedBy: asker.id,
      reference: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    });
    expect((await balances(person.id))?.hold).toBe(0n);
  });

  it('declined while waiting: the hold returns and what waited is rejected', async () => {
    const method = await createWithdrawalMethod(app);
    const person = await client(0n);
    const id = await createPendingWithdrawal(app, person.id, method.id, 150_000n);
    await app.inject({
      method: 'PUT',
      url: `/api/withdrawal/status/${id}`,
      headers: asker.headers,
      payload: { status: 'Completed' },
    });
    const declined = await app.inject({
      method: 'PUT',
      url: `/api/withdrawal/status/${id}`,
      headers: approver.headers,
      payload: { status: 'Declined' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const [row] = await app.db.select().from(approvals).where(eq(approvals.transactionId, id));
    expect(row).toMatchObject({ status: 'Rejected', decidedBy: approver.id });
    expect(await balances(person.id)).toEqual({ balance: 150_000n, hold: 0n });
  });
});
