import { and, eq, inArray, not } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { planUpgradeRequests } from '../../src/db/schema/investments.ts';
import { transactions } from '../../src/db/schema/money.ts';
import { investmentPlans } from '../../src/db/schema/plans.ts';
import { users } from '../../src/db/schema/users.ts';
import type { TCaller } from '../../src/lib/caller.ts';
import { investFromBalance } from '../../src/modules/investing/investments/investments.service.ts';
import { insertPlan, type TPlanFields, type TPlanRow } from '../../src/modules/investing/plans/plans.repository.ts';
import { ensureBalance } from './withdrawal-fixtures.ts';

/** Plans, investments and upgrade requests straight through the services and the database. */

let plans = 0;

/** A live plan: $10 to $10,000, 12.5 % over 7 days, twice a day; override any field. */
export function createPlanRow(app: FastifyInstance, overrides: Partial<TPlanFields> = {}): Promise<TPlanRow> {
  plans += 1;
  return insertPlan(app.db, {
    name: `Fixture Plan ${plans} ${Math.random().toString(36).slice(2, 8)}`,
    interestBp: 1250,
    duration: 7,
    noOfTimes: 2,
    minAmount: 1_000n,
    maxAmount: 1_000_000n,
    ...overrides,
  });
}

let planForms = 0;

/**
 * A valid Create Plan form, as the API takes it (percent and dollars): 12.5 % over 7 days, twice a
 * day, $10 to $10,000, with a name of its own each time (live plan names are unique); override any field.
 */
export function planForm(overrides: Record<string, unknown> = {}) {
  planForms += 1;
  return {
    name: `Form Plan ${planForms}`,
    interest: 12.5,
    duration: 7,
    noOfTimes: 2,
    minAmount: 10,
    maxAmount: 10000,
    ...overrides,
  };
}

/** A Pending investment from balance of `userId` in `planId` (the client is funded first). */
export async function createPendingInvestment(
  app: FastifyInstance,
  userId: string,
  planId: string,
  cents = 5_000n,
): Promise<string> {
  await ensureBalance(app, userId, cents);
  const caller: TCaller = { id: userId, type: 'Client', sessionId: 'fixture' };
  const investment = await investFromBalance(app.db, caller, {
    amount: Number(cents) / 100,
    user: userId,
    investmentPlan: planId,
  });
  return investment.id;
}

/** Puts the client on `fromPlanId` with no pending upgrade request (before they ask for one). */
export async function putOnPlan(app: FastifyInstance, userId: string, fromPlanId: string): Promise<void> {
  const [plan] = await app.db
    .select({ name: investmentPlans.name })
    .from(investmentPlans)
    .where(eq(investmentPlans.id, fromPlanId));
  await app.db
    .update(users)
    .set({ planId: fromPlanId, planName: plan?.name ?? null })
    .where(eq(users.id, userId));
  await app.db
    .update(planUpgradeRequests)
    .set({ status: 'rejected', reason: 'Fixture reset' })
    .where(and(eq(planUpgradeRequests.userId, userId), eq(planUpgradeRequests.status, 'pending')));
}

/** Leaves the client on `fromPlanId` with one pending request to `toPlanId` (before an admin decides). */
export async function placeUpgradeRequest(
  app: FastifyInstance,
  userId: string,
  fromPlanId: string,
  toPlanId: string,
): Promise<void> {
  await putOnPlan(app, userId, fromPlanId);
  await app.db.insert(planUpgradeRequests).values({ userId, fromPlanId, requestedPlanId: toPlanId });
}

/**
 * Declines the client's Pending deposits other than `keep` (no money moves for a Pending one), so a
 * new deposit stays under MAX_PENDING_DEPOSITS whatever ran before.
 */
export async function makeRoomForDeposit(app: FastifyInstance, userId: string, keep: string[]): Promise<void> {
  await app.db
    .update(transactions)
    .set({ status: 'Declined' })
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.type, 'Deposit'),
        eq(transactions.status, 'Pending'),
        keep.length > 0 ? not(inArray(transactions.id, keep)) : undefined,
      ),
    );
}
