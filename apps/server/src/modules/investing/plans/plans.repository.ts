import { and, asc, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { investments, planUpgradeRequests } from '../../../db/schema/investments.ts';
import { investmentPlans } from '../../../db/schema/plans.ts';
import { users } from '../../../db/schema/users.ts';

export type TPlanRow = typeof investmentPlans.$inferSelect;
/** The fields an admin sets; interest in basis points, amounts in cents. */
export type TPlanFields = Pick<
  typeof investmentPlans.$inferInsert,
  'name' | 'interestBp' | 'duration' | 'noOfTimes' | 'minAmount' | 'maxAmount'
>;
/** A plan and whether any investment was made on it. */
export interface TPlanView {
  row: TPlanRow;
  inUse: boolean;
}

const live = isNull(investmentPlans.deletedAt);
/**
 * A plan is in use while anything names it: an investment (of any status), a client whose current
 * plan it is (an approved upgrade gives one without investing), or a pending upgrade request.
 */
const usesOf = (planId: SQL | string) => sql`(
  exists (select 1 from ${investments} where ${investments.planId} = ${planId})
  or exists (select 1 from ${users} where ${users.planId} = ${planId})
  or exists (select 1 from ${planUpgradeRequests} where ${planUpgradeRequests.status} = 'pending'
    and ${planUpgradeRequests.requestedPlanId} = ${planId})
)`;
const inUse = usesOf(sql`${investmentPlans.id}`).mapWith(Boolean);

/** Live plans, cheapest first (minimum amount, then name), each with `inUse`. */
export function listLivePlans(db: DbOrTx): Promise<TPlanView[]> {
  return db
    .select({ row: investmentPlans, inUse })
    .from(investmentPlans)
    .where(live)
    .orderBy(asc(investmentPlans.minAmount), asc(investmentPlans.name), asc(investmentPlans.id));
}

export async function findLivePlan(db: DbOrTx, id: string): Promise<TPlanView | undefined> {
  const [found] = await db
    .select({ row: investmentPlans, inUse })
    .from(investmentPlans)
    .where(and(eq(investmentPlans.id, id), live))
    .limit(1);
  return found;
}

/**
 * Reads a live plan under a row lock: `update` for the admin's edit and delete, `share` for those
 * that copy its terms or name (investing, approving, upgrades), so they never read a plan halfway
 * through an edit and a plan cannot be deleted while someone invests in it.
 */
export async function lockLivePlan(tx: Tx, id: string, mode: 'update' | 'share'): Promise<TPlanRow | undefined> {
  const [row] = await tx
    .select()
    .from(investmentPlans)
    .where(and(eq(investmentPlans.id, id), live))
    .for(mode);
  return row;
}

/** Whether anything names the plan (see `usesOf`). */
export async function isPlanInUse(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ inUse: usesOf(id).mapWith(Boolean) }).from(sql`(select 1) as one`);
  return row?.inUse === true;
}

/** Whether another live plan already has this name, ignoring case. */
export async function isPlanNameTaken(db: DbOrTx, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: investmentPlans.id })
    .from(investmentPlans)
    .where(
      and(
        live,
        sql`lower(${investmentPlans.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(investmentPlans.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertPlan(db: DbOrTx, fields: TPlanFields): Promise<TPlanRow> {
  const [row] = await db.insert(investmentPlans).values(fields).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updatePlan(db: DbOrTx, id: string, fields: TPlanFields): Promise<TPlanRow> {
  const [row] = await db
    .update(investmentPlans)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(investmentPlans.id, id))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

export async function softDeletePlan(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(investmentPlans)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(investmentPlans.id, id));
}
