import type {
  TInvestmentPlan,
  TMyUpgradeAnswer,
  TPlanAnswer,
  TUpgradeRequestList,
} from '@meridian/contracts/investments';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { buildSignedInApp } from '../../../../test/helpers/build-app.ts';
import { setUserFields, signedInUser, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { fundClient } from '../../../../test/helpers/withdrawal-fixtures.ts';
import { auditLog } from '../../../db/schema/audit.ts';
import { planUpgradeRequests } from '../../../db/schema/investments.ts';
import { inAppMessages } from '../../../db/schema/messages.ts';
import { users } from '../../../db/schema/users.ts';

const { t, app, admin } = await buildSignedInApp(['Admin']);
afterAll(() => t.close());
let basic: TInvestmentPlan;
let standard: TInvestmentPlan;
let premium: TInvestmentPlan;

async function createPlan(name: string, minAmount: number): Promise<TInvestmentPlan> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/investmentplan',
    headers: admin.headers,
    payload: { name, interest: 10, duration: 7, noOfTimes: 1, minAmount, maxAmount: 100_000 },
  });
  if (res.statusCode !== 201) throw new Error(`plan: ${res.statusCode} ${res.body}`);
  return res.json<TPlanAnswer>().investmentPlan;
}

beforeAll(async () => {
  basic = await createPlan('Basic Plan', 100);
  standard = await createPlan('Standard Plan', 1000);
  premium = await createPlan('Premium Plan', 5000);
});

/** A client on `plan` (as an approved investment or upgrade leaves them), with a trading balance. */
async function clientOn(plan: TInvestmentPlan | null): Promise<TSignedIn> {
  const client = await signedInUser(app, 'Client');
  if (plan) await setUserFields(app, client.id, { planId: plan.id, planName: plan.name });
  return client;
}

const ask = (as: TSignedIn, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/investment/upgrade', headers: as.headers, payload });
const decide = (action: 'approve' | 'reject', payload: Record<string, unknown>, as: TSignedIn = admin) =>
  app.inject({ method: 'POST', url: `/api/investment/upgrade/${action}`, headers: as.headers, payload });

async function latestOf(userId: string, as: TSignedIn): Promise<TMyUpgradeAnswer['upgradeRequest']> {
  const res = await app.inject({ method: 'GET', url: `/api/investment/upgrade/user/${userId}`, headers: as.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TMyUpgradeAnswer>().upgradeRequest;
}

async function pendingList(): Promise<TUpgradeRequestList['upgradeRequests']> {
  const res = await app.inject({ method: 'GET', url: '/api/user/upgrade-requests', headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TUpgradeRequestList>().upgradeRequests;
}

const planOf = async (id: string) => {
  const [row] = await app.db
    .select({ planId: users.planId, planName: users.planName })
    .from(users)
    .where(eq(users.id, id));
  return row;
};
const messagesOf = (userId: string) => app.db.select().from(inAppMessages).where(eq(inAppMessages.receiverId, userId));

describe('POST /api/investment/upgrade', () => {
  it('records a pending request without changing the plan; one pending at a time', async () => {
    const client = await clientOn(basic);
    expect(await latestOf(client.id, client)).toBeNull();
    const res = await ask(client, { userId: client.id, newPlanId: premium.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: 'Upgrade request submitted successfully' });
    expect(await planOf(client.id)).toEqual({ planId: basic.id, planName: 'Basic Plan' });
    expect(await latestOf(client.id, client)).toMatchObject({
      requestedPlan: { id: premium.id, name: 'Premium Plan' },
      status: 'pending',
      approvedPlan: null,
      reason: null,
      decidedAt: null,
    });
    const again = await ask(client, { userId: client.id, newPlanId: standard.id });
    expectApiError(again, 409, 'CONFLICT', 'You already have an upgrade request pending');
  });

  it('refuses a client without a plan, their current plan, an unknown plan, and another client’s account', async () => {
    const none = await clientOn(null);
    const noPlan = await ask(none, { userId: none.id, newPlanId: premium.id });
    expectApiError(noPlan, 409, 'CONFLICT', 'Invest in a plan first; upgrades are for clients who already have one');
    const client = await clientOn(basic);
    expectApiError(
      await ask(client, { userId: client.id, newPlanId: basic.id }),
      409,
      'CONFLICT',
      'You are already on this plan',
    );
    const ghost = await ask(client, { userId: client.id, newPlanId: '7c9e6679-7425-40de-944b-e07fc1f90ae7' });
    expectApiError(ghost, 404, 'NOT_FOUND', 'Investment plan not found');
    const other = await clientOn(basic);
    const naming = await ask(other, { userId: client.id, newPlanId: premium.id });
    expectApiError(naming, 403, 'FORBIDDEN', 'You can only act on your own account');
    expectApiError(await ask(admin, { userId: client.id, newPlanId: premium.id }), 403, 'FORBIDDEN');
    expect(await latestOf(client.id, client)).toBeNull();
    const peek = await app.inject({
      method: 'GET',
      url: `/api/investment/upgrade/user/${client.id}`,
      headers: other.headers,
    });
    expectApiError(peek, 403, 'FORBIDDEN');
  });

  it('lets only one of several simultaneous requests through', async () => {
    const client = await clientOn(basic);
    const results = await Promise.all(
      [standard, premium, standard, premium, standard].map((plan) =>
        ask(client, { userId: client.id, newPlanId: plan.id }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const res of results.filter((r) => r.statusCode !== 201)) {
      expectApiError(res, 409, 'CONFLICT', 'You already have an upgrade request pending');
    }
  });
});

describe('the admin’s plan upgrades', () => {
  it('lists pending requests oldest first with the client, current plan, requested plan and trading balance', async () => {
    const first = await clientOn(basic);
    const second = await clientOn(standard);
    // The second has $200 in trading: an investment from balance waiting for approval.
    await fundClient(app, second.id, 250_00n, admin.id);
    const invested = await app.inject({
      method: 'POST',
      url: '/api/investment/invest-from-balance',
      headers: second.headers,
      payload: { amount: 200, user: second.id, investmentPlan: basic.id },
    });
    expect(invested.statusCode, invested.body).toBe(201);
    expect((await ask(first, { userId: first.id, newPlanId: premium.id })).statusCode).toBe(201);
    expect((await ask(second, { userId: second.id, newPlanId: premium.id })).statusCode).toBe(201);
    // A minute apart, so the order does not rest on two inserts' timestamps.
    await app.db
      .update(planUpgradeRequests)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(planUpgradeRequests.userId, first.id));

    const mine = (await pendingList()).filter((r) => [first.id, second.id].includes(r.user.id));
    expect(mine).toMatchObject([
      {
        user: { id: first.id, firstname: 'Client', lastname: 'Tester' },
        currentPlan: { id: basic.id, name: 'Basic Plan' },
        requestedPlan: { id: premium.id, name: 'Premium Plan' },
        tradingBalance: 0,
      },
      { user: { id: second.id }, currentPlan: { id: standard.id, name: 'Standard Plan' }, tradingBalance: 200 },
    ]);
    const denied = await app.inject({ method: 'GET', url: '/api/user/upgrade-requests', headers: first.headers });
    expectApiError(denied, 403, 'FORBIDDEN');
  });

  it('approves with the plan the admin chose: the client moves to it, is told, and it is audited', async () => {
    const client = await clientOn(basic);
    await ask(client, { userId: client.id, newPlanId: premium.id });
    const res = await decide('approve', { userId: client.id, newPlanId: standard.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Plan upgrade approved successfully' });
    expect(await planOf(client.id)).toEqual({ planId: standard.id, planName: 'Standard Plan' });
    expect(await latestOf(client.id, admin)).toMatchObject({
      status: 'approved',
      requestedPlan: { id: premium.id },
      approvedPlan: { id: standard.id, name: 'Standard Plan' },
    });
    expect((await pendingList()).map((r) => r.user.id)).not.toContain(client.id);
    const [message] = await messagesOf(client.id);
    expect(message).toMatchObject({
      senderId: admin.id,
      key: 'upgradeApproved',
      params: { plan: 'Standard Plan' },
      link: '/user/investmentplan',
      subject: 'Plan upgrade approved',
      message: 'Your plan upgrade was approved. Your plan is now Standard Plan.',
    });
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'upgrade.approve'), eq(auditLog.targetUserId, client.id)));
    expect(audit).toMatchObject({
      actorId: admin.id,
      before: { status: 'pending', investmentPlan: { id: basic.id, name: 'Basic Plan' } },
      after: { status: 'approved', investmentPlan: { id: standard.id, name: 'Standard Plan' } },
    });
    // Decided: nothing pending is left to approve or reject, and the client may ask again.
    const twice = await decide('approve', { userId: client.id, newPlanId: standard.id });
    expectApiError(twice, 404, 'NOT_FOUND', 'This client has no pending upgrade request');
    expect((await ask(client, { userId: client.id, newPlanId: premium.id })).statusCode).toBe(201);
  });

  it('rejects with a reason the client is told; the plan stays', async () => {
    const client = await clientOn(basic);
    await ask(client, { userId: client.id, newPlanId: premium.id });
    const blank = await decide('reject', { userId: client.id, reason: '   ' });
    expect(expectApiError(blank, 400, 'VALIDATION').fieldErrors?.reason).toBe('Please provide a reason for rejection');
    const res = await decide('reject', { userId: client.id, reason: 'Trading balance too low' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Plan upgrade rejected' });
    expect(await planOf(client.id)).toEqual({ planId: basic.id, planName: 'Basic Plan' });
    expect(await latestOf(client.id, client)).toMatchObject({
      status: 'rejected',
      reason: 'Trading balance too low',
      approvedPlan: null,
    });
    const [message] = await messagesOf(client.id);
    expect(message).toMatchObject({
      key: 'upgradeRejected',
      params: { plan: 'Premium Plan', reason: 'Trading balance too low' },
      subject: 'Plan upgrade rejected',
      message: 'Your request to upgrade to Premium Plan was rejected. Reason: Trading balance too low',
    });
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'upgrade.reject'), eq(auditLog.targetUserId, client.id)));
    expect(audit).toMatchObject({ reason: 'Trading balance too low', after: { status: 'rejected' } });
    expectApiError(await decide('reject', { userId: client.id, reason: 'Again' }), 404, 'NOT_FOUND');
  });

  it('refuses a missing plan, an unknown plan, a client with nothing pending, and non-admins', async () => {
    const client = await clientOn(basic);
    await ask(client, { userId: client.id, newPlanId: premium.id });
    const missing = await decide('approve', { userId: client.id });
    expect(expectApiError(missing, 400, 'VALIDATION').fieldErrors?.newPlanId).toBe('Please select a plan');
    const ghost = await decide('approve', { userId: client.id, newPlanId: '7c9e6679-7425-40de-944b-e07fc1f90ae7' });
    expectApiError(ghost, 404, 'NOT_FOUND', 'Investment plan not found');
    const idle = await clientOn(basic);
    expectApiError(await decide('approve', { userId: idle.id, newPlanId: premium.id }), 404, 'NOT_FOUND');
    expectApiError(await decide('reject', { userId: idle.id, reason: 'No' }), 404, 'NOT_FOUND');
    expectApiError(await decide('approve', { userId: client.id, newPlanId: premium.id }, client), 403, 'FORBIDDEN');
    expectApiError(await decide('reject', { userId: client.id, reason: 'No' }, client), 403, 'FORBIDDEN');
    expect(await latestOf(client.id, client)).toMatchObject({ status: 'pending' });
    expect(await planOf(client.id)).toEqual({ planId: basic.id, planName: 'Basic Plan' });
  });
});
