import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { planUpgradeRequests } from '../../../db/schema/investments.ts';
import { investmentPlans } from '../../../db/schema/plans.ts';
import { users } from '../../../db/schema/users.ts';

export type TUpgradeRequestRow = typeof planUpgradeRequests.$inferSelect;

const requestedPlans = alias(investmentPlans, 'requested_plans');
const approvedPlans = alias(investmentPlans, 'approved_plans');

/** A request with the names of the plan asked for and the plan approved. */
export interface TUpgradeRequestView {
  row: TUpgradeRequestRow;
  requestedPlanName: string;
  approvedPlanName: string | null;
}

export async function insertUpgradeRequest(
  db: DbOrTx,
  values: Pick<typeof planUpgradeRequests.$inferInsert, 'userId' | 'fromPlanId' | 'requestedPlanId'>,
): Promise<TUpgradeRequestRow> {
  const [row] = await db.insert(planUpgradeRequests).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

const pendingOf = (userId: string) =>
  and(eq(planUpgradeRequests.userId, userId), eq(planUpgradeRequests.status, 'pending'));

export async function findPendingRequestOf(db: DbOrTx, userId: string): Promise<TUpgradeRequestRow | undefined> {
  const [row] = await db.select().from(planUpgradeRequests).where(pendingOf(userId)).limit(1);
  return row;
}

/** The client's pending request, locked: two admins deciding it run one after the other. */
export async function lockPendingRequestOf(tx: Tx, userId: string): Promise<TUpgradeRequestRow | undefined> {
  const [row] = await tx.select().from(planUpgradeRequests).where(pendingOf(userId)).for('update');
  return row;
}

export async function decideRequest(
  tx: Tx,
  id: string,
  decision: { status: 'approved' | 'rejected'; approvedPlanId?: string; reason?: string; decidedBy: string },
): Promise<TUpgradeRequestRow> {
  const [row] = await tx
    .update(planUpgradeRequests)
    .set({
      status: decision.status,
      approvedPlanId: decision.approvedPlanId ?? null,
      reason: decision.reason ?? null,
      decidedBy: decision.decidedBy,
      decidedAt: sql`now()`,
    })
    .where(eq(planUpgradeRequests.id, id))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

/** A client's latest request (pending or decided), with the plans' names. */
export async function findLatestRequestOf(db: DbOrTx, userId: string): Promise<TUpgradeRequestView | undefined> {
  const [found] = await db
    .select({
      row: planUpgradeRequests,
      requestedPlanName: requestedPlans.name,
      approvedPlanName: approvedPlans.name,
    })
    .from(planUpgradeRequests)
    .innerJoin(requestedPlans, eq(requestedPlans.id, planUpgradeRequests.requestedPlanId))
    .leftJoin(approvedPlans, eq(approvedPlans.id, planUpgradeRequests.approvedPlanId))
    .where(eq(planUpgradeRequests.userId, userId))
    .orderBy(desc(planUpgradeRequests.createdAt), desc(planUpgradeRequests.id))
    .limit(1);
  return found;
}

/** Pending requests, oldest first, with the client, their current plan and trading balance. */
export function listPendingRequests(db: DbOrTx) {
  return db
    .select({
      id: planUpgradeRequests.id,
      createdAt: planUpgradeRequests.createdAt,
      user: { id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email },
      currentPlanId: users.planId,
      currentPlanName: users.planName,
      tradingBalance: users.tradingBalance,
      requestedPlan: { id: requestedPlans.id, name: requestedPlans.name },
    })
    .from(planUpgradeRequests)
    .innerJoin(users, eq(users.id, planUpgradeRequests.userId))
    .innerJoin(requestedPlans, eq(requestedPlans.id, planUpgradeRequests.requestedPlanId))
    .where(eq(planUpgradeRequests.status, 'pending'))
    .orderBy(asc(planUpgradeRequests.createdAt), asc(planUpgradeRequests.id));
}

/** A user's type and current plan (the client reading or asking is checked against it). */
export async function findPlanHolder(
  db: DbOrTx,
  userId: string,
): Promise<{ type: string; planId: string | null; planName: string | null } | undefined> {
  const [row] = await db
    .select({ type: users.type, planId: users.planId, planName: users.planName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
