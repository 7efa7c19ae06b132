import type {
  TInvestmentAnswer,
  TInvestmentList,
  TInvestmentPlan,
  TPlanAnswer,
  TPublicPlanList,
} from '@meridian/contracts/investments';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { ENCODINGS, encode } from '../../../../test/helpers/bodies.ts';
import { buildSignedInApp, buildTestApp } from '../../../../test/helpers/build-app.ts';
import { setUserFields, signedInUser, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { planForm } from '../../../../test/helpers/investment-fixtures.ts';
import { fundClient } from '../../../../test/helpers/withdrawal-fixtures.ts';
import { auditLog } from '../../../db/schema/audit.ts';
import { users } from '../../../db/schema/users.ts';

const { t, app, admin, client } = await buildSignedInApp(['Admin', 'Client']);
afterAll(() => t.close());

/** A valid Create Plan form ($100 to $5,000) with a name of its own; override any field. */
const form = (overrides: Record<string, unknown> = {}) => planForm({ minAmount: 100, maxAmount: 5000, ...overrides });

const send = (method: 'POST' | 'PUT', payload: unknown, as: TSignedIn = admin) =>
  app.inject({ method, url: '/api/investmentplan', headers: as.headers, payload: payload as Record<string, unknown> });
const del = (id: string, as: TSignedIn = admin) =>
  app.inject({ method: 'DELETE', url: `/api/investmentplan/${id}`, headers: as.headers });
const get = (url: string, as: TSignedIn = client) => app.inject({ method: 'GET', url, headers: as.headers });

async function createPlan(overrides: Record<string, unknown> = {}): Promise<TInvestmentPlan> {
  const res = await send('POST', form(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TPlanAnswer>().investmentPlan;
}

async function listPlans(as: TSignedIn = client): Promise<TInvestmentPlan[]> {
  const res = await get('/api/investmentplan', as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ investmentPlans: TInvestmentPlan[] }>().investmentPlans;
}

const auditOf = (action: string, entityId: string) =>
  app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));

/** A client invested in `planId` from their balance (the investment stays Pending). */
async function investIn(planId: string, amount = 200): Promise<TInvestmentAnswer['investment']> {
  const investor = await signedInUser(app, 'Client');
  await fundClient(app, investor.id, 1_000_000n, admin.id);
  const res = await app.inject({
    method: 'POST',
    url: '/api/investment/invest-from-balance',
    headers: investor.headers,
    payload: { amount, user: investor.id, investmentPlan: planId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TInvestmentAnswer>().investment;
}

describe('GET /api/investmentplan', () => {
  it('starts empty: no plan is seeded', async () => {
    const fresh = await buildTestApp();
    try {
      const reader = await signedInUser(fresh.app, 'Client');
      const res = await fresh.app.inject({ method: 'GET', url: '/api/investmentplan', headers: reader.headers });
      expect(res.json()).toEqual({ investmentPlans: [] });
    } finally {
      await fresh.close();
    }
  });

  it('lists live plans cheapest first, then by name, for clients and admins; not for anonymous callers', async () => {
    const b = await createPlan({ name: 'Order B', minAmount: 50 });
    const a = await createPlan({ name: 'Order A', minAmount: 50 });
    const cheap = await createPlan({ name: 'Order Z', minAmount: 1 });
    for (const as of [client, admin]) {
      const ids = (await listPlans(as)).map((p) => p.id).filter((id) => [a.id, b.id, cheap.id].includes(id));
      expect(ids).toEqual([cheap.id, a.id, b.id]);
    }
    expectApiError(await app.inject({ method: 'GET', url: '/api/investmentplan' }), 401, 'UNAUTHORIZED');
  });

  it('reads one plan; an unknown or deleted one is 404 "Investment plan not found"', async () => {
    const plan = await createPlan();
    expect((await get(`/api/investmentplan/${plan.id}`)).json()).toEqual(plan);
    expect((await del(plan.id)).statusCode).toBe(200);
    for (const id of [plan.id, '7c9e6679-7425-40de-944b-e07fc1f90ae7']) {
      expectApiError(await get(`/api/investmentplan/${id}`), 404, 'NOT_FOUND', 'Investment plan not found');
    }
  });
});

describe('GET /api/public/plans', () => {
  /** Asked with no token at all, as a visitor's browser does. */
  const publicPlans = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/public/plans' });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it('answers anyone an empty list on a platform with no plan: the home page shows none', async () => {
    const fresh = await buildTestApp();
    try {
      const res = await fresh.app.inject({ method: 'GET', url: '/api/public/plans' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ plans: [] });
      expect(res.headers['cache-control']).toBe('public, max-age=60');
    } finally {
      await fresh.close();
    }
  });

  it('shows the live plans an admin made, their terms only, in the order signed-in readers get them', async () => {
    await createPlan({
      name: 'Public Harbour',
      interest: '7.25',
      duration: '14',
      noOfTimes: '3',
      minAmount: '50.5',
      maxAmount: 2500,
    });
    const keel = await createPlan({
      name: 'Public Keel',
      interest: 18,
      duration: 30,
      noOfTimes: 1,
      minAmount: 1000,
      maxAmount: 20_000,
    });
    await investIn(keel.id, 1000);

    const res = await publicPlans();
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const { plans } = res.json<TPublicPlanList>();
    expect(plans.filter((p) => p.name.startsWith('Public '))).toEqual([
      { name: 'Public Harbour', interest: 7.25, duration: 14, noOfTimes: 3, minAmount: 50.5, maxAmount: 2500 },
      { name: 'Public Keel', interest: 18, duration: 30, noOfTimes: 1, minAmount: 1000, maxAmount: 20_000 },
    ]);
    // Nothing a visitor has no business with: no id, no "in use" (clients invested in Keel), no dates.
    expect(res.body).not.toContain(keel.id);
    expect(res.body).not.toMatch(/inUse|createdAt|updatedAt|"id"/);
    expect(plans.map((p) => p.name)).toEqual((await listPlans()).map((p) => p.name));
  });

  it('shows an edit at once and never a deleted plan', async () => {
    const edited = await createPlan({ name: 'Public Before Edit', interest: 9 });
    const gone = await createPlan({ name: 'Public Deleted', interest: 80 });
    expect((await del(gone.id)).statusCode).toBe(200);
    const res = await send('PUT', form({ id: edited.id, name: 'Public After Edit', interest: 11.5 }));
    expect(res.statusCode, res.body).toBe(200);

    const names = (await publicPlans()).json<TPublicPlanList>().plans.map((p) => `${p.name} ${p.interest}`);
    expect(names).toContain('Public After Edit 11.5');
    expect(names.filter((n) => n.startsWith('Public Before') || n.startsWith('Public Deleted'))).toEqual([]);
  });
});

describe('POST /api/investmentplan', () => {
  it.each(ENCODINGS)(
    'creates a plan from a %s form: interest in percent, amounts in dollars, audited',
    async (encoding) => {
      const body = form({ interest: '7.25', minAmount: '100.50', maxAmount: '2500', duration: '30', noOfTimes: '4' });
      const { payload, headers } = encode(encoding, body);
      const res = await app.inject({
        method: 'POST',
        url: '/api/investmentplan',
        headers: { ...admin.headers, ...headers },
        payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      const answer = res.json<TPlanAnswer>();
      expect(answer.message).toBe('New Investment Plan Created Successfully');
      expect(answer.investmentPlan).toMatchObject({
        name: body.name,
        interest: 7.25,
        duration: 30,
        noOfTimes: 4,
        minAmount: 100.5,
        maxAmount: 2500,
        inUse: false,
      });
      const [audit] = await auditOf('plan.create', answer.investmentPlan.id);
      expect(audit).toMatchObject({
        actorId: admin.id,
        after: { name: body.name, interest: 7.25, duration: 30, noOfTimes: 4, minAmount: 100.5, maxAmount: 2500 },
      });
    },
  );

  it('refuses each missing or wrong field with the spec’s message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '  ' }, 'name', 'Plan name is required'],
      [{ interest: undefined }, 'interest', 'Interest is required'],
      [{ interest: '12.345' }, 'interest', 'Interest must be a number with at most 2 decimals'],
      [{ interest: 'ten' }, 'interest', 'Interest must be a number with at most 2 decimals'],
      [{ interest: 0 }, 'interest', 'Interest must be above 0% and at most 1000%'],
      [{ interest: 1000.01 }, 'interest', 'Interest must be above 0% and at most 1000%'],
      [{ duration: 8 }, 'duration', 'This field is required'],
      [{ duration: undefined }, 'duration', 'This field is required'],
      [{ noOfTimes: 5 }, 'noOfTimes', 'This field is required'],
      [{ noOfTimes: 0 }, 'noOfTimes', 'This field is required'],
      [{ minAmount: undefined }, 'minAmount', 'Minimum amount is required'],
      [{ maxAmount: '' }, 'maxAmount', 'Maximum amount is required'],
      [{ minAmount: -1 }, 'minAmount', 'Amount must be positive'],
      [{ minAmount: 600, maxAmount: 500 }, 'maxAmount', 'The minimum cannot be above the maximum'],
    ];
    const before = (await listPlans(admin)).length;
    for (const [overrides, field, message] of cases) {
      const res = await send('POST', form(overrides));
      const error = expectApiError(res, 400, 'VALIDATION');
      expect(error.fieldErrors?.[field], JSON.stringify(overrides)).toBe(message);
    }
    expect(await listPlans(admin)).toHaveLength(before);
  });

  it('refuses a live plan’s name in any case (409); a deleted plan’s name is free again', async () => {
    const plan = await createPlan({ name: 'Premium Plan' });
    const res = await send('POST', form({ name: 'premium PLAN' }));
    const error = expectApiError(res, 409, 'CONFLICT', 'A plan with this name already exists');
    expect(error.fieldErrors?.name).toBe('A plan with this name already exists');
    expect((await del(plan.id)).statusCode).toBe(200);
    expect((await send('POST', form({ name: 'Premium Plan' }))).statusCode).toBe(201);
  });

  it('lets no client create, edit or delete a plan', async () => {
    const plan = await createPlan();
    expectApiError(await send('POST', form(), client), 403, 'FORBIDDEN');
    expectApiError(await send('PUT', { ...form(), id: plan.id }, client), 403, 'FORBIDDEN');
    expectApiError(await del(plan.id, client), 403, 'FORBIDDEN');
    expect((await get(`/api/investmentplan/${plan.id}`)).json()).toEqual(plan);
  });
});

describe('PUT /api/investmentplan', () => {
  it('edits the plan only: existing investments keep their terms, new ones get the new terms', async () => {
    const plan = await createPlan({ interest: 10, duration: 7, noOfTimes: 1, minAmount: 100, maxAmount: 1000 });
    const before = await investIn(plan.id, 500);
    expect(before.terms).toMatchObject({ interest: 10, duration: 7, noOfTimes: 1, payoutsTotal: 7 });

    const res = await send('PUT', form({ id: plan.id, name: plan.name, interest: 20, duration: 14, noOfTimes: 3 }));
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<TPlanAnswer>();
    expect(answer.message).toBe('Investment Plan Updated Successfully');
    expect(answer.investmentPlan).toMatchObject({ id: plan.id, interest: 20, duration: 14, noOfTimes: 3, inUse: true });

    const list = await get(`/api/investment?limit=100`, admin);
    const kept = list.json<TInvestmentList>().investments.find((i) => i.id === before.id);
    expect(kept?.terms).toMatchObject({ interest: 10, duration: 7, noOfTimes: 1, payoutsTotal: 7 });
    const after = await investIn(plan.id, 500);
    expect(after.terms).toMatchObject({ interest: 20, duration: 14, noOfTimes: 3, payoutsTotal: 42 });

    const [audit] = await auditOf('plan.update', plan.id);
    expect(audit).toMatchObject({ before: { interest: 10, duration: 7 }, after: { interest: 20, duration: 14 } });
  });

  it('renames the plan on the clients who are on it, in the same transaction', async () => {
    const plan = await createPlan({ name: 'Standard Plan' });
    const other = await createPlan();
    const onPlan = await signedInUser(app, 'Client');
    const onOther = await signedInUser(app, 'Client');
    await setUserFields(app, onPlan.id, { planId: plan.id, planName: plan.name });
    await setUserFields(app, onOther.id, { planId: other.id, planName: other.name });

    const res = await send('PUT', form({ id: plan.id, name: 'Standard Plan Plus' }));
    expect(res.statusCode, res.body).toBe(200);
    const read = await get(`/api/client/${onPlan.id}`, onPlan);
    expect(read.json().plan).toEqual({ id: plan.id, name: 'Standard Plan Plus' });
    const [row] = await app.db.select().from(users).where(eq(users.id, onOther.id));
    expect(row?.planName).toBe(other.name);
  });

  it('keeps its own name; refuses another live plan’s name and an unknown id', async () => {
    const plan = await createPlan({ name: 'Gold Plan' });
    await createPlan({ name: 'Silver Plan' });
    expect((await send('PUT', form({ id: plan.id, name: 'GOLD plan' }))).statusCode).toBe(200);
    expectApiError(await send('PUT', form({ id: plan.id, name: 'silver plan' })), 409, 'CONFLICT');
    const ghost = await send('PUT', form({ id: '7c9e6679-7425-40de-944b-e07fc1f90ae7' }));
    expectApiError(ghost, 404, 'NOT_FOUND', 'Investment plan not found');
  });
});

describe('DELETE /api/investmentplan/:id', () => {
  it('hides a plan nobody invested in, audited; a second delete is 404', async () => {
    const plan = await createPlan();
    const res = await del(plan.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Investment plan deleted' });
    expect((await listPlans()).map((p) => p.id)).not.toContain(plan.id);
    expect(await auditOf('plan.delete', plan.id)).toHaveLength(1);
    expectApiError(await del(plan.id), 404, 'NOT_FOUND', 'Investment plan not found');
  });

  it('keeps a plan with investments (409), shown as in use', async () => {
    const plan = await createPlan();
    await investIn(plan.id);
    expectApiError(
      await del(plan.id),
      409,
      'CONFLICT',
      'Clients have invested in this plan or are on it, so it cannot be deleted',
    );
    expect((await listPlans()).find((p) => p.id === plan.id)?.inUse).toBe(true);
    expect(await auditOf('plan.delete', plan.id)).toHaveLength(0);
  });

  it('keeps a plan a client is on without investing in it (an approved upgrade gives one)', async () => {
    const plan = await createPlan({ name: 'Upgrade Target Plan' });
    const client = await signedInUser(app, 'Client');
    await setUserFields(app, client.id, { planId: plan.id, planName: plan.name });
    expect((await listPlans()).find((p) => p.id === plan.id)?.inUse).toBe(true);
    expectApiError(await del(plan.id), 409, 'CONFLICT');
  });
});
