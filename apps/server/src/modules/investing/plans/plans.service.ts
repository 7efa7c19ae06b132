import type { TAuditAction } from '@meridian/contracts/balances';
import {
  interestToBasisPoints,
  type TInvestmentPlan,
  type TPlanInput,
  type TPlanList,
  type TPlanUpdate,
  type TPublicPlanList,
} from '@meridian/contracts/investments';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { isUniqueViolation } from '../../../lib/db-errors.ts';
import { centsOf } from '../../../lib/money.ts';
import { recordAudit } from '../../back-office/audit/index.ts';
import { renamePlanOfUsers } from '../../identity/users/index.ts';
import { toApiPlan, toAuditPlan, toPublicPlan } from './plans.mapper.ts';
import {
  findLivePlan,
  insertPlan,
  isPlanInUse,
  isPlanNameTaken,
  listLivePlans,
  lockLivePlan,
  softDeletePlan,
  type TPlanFields,
  updatePlan,
} from './plans.repository.ts';

/**
 * Investment plans, the operator's product (none are seeded): signed-in users read the live ones;
 * admins create, edit and delete them, each write with its audit entry in one DB transaction.
 * An investment copies its plan's terms when it is made, so an edit only changes what new
 * investments get; a plan anyone invested in is never deleted. Live names are unique, ignoring case.
 */

export const planNotFound = () => new AppError('NOT_FOUND', 'errors.planNotFound');
const nameTaken = () => new AppError('CONFLICT', 'errors.planNameTaken', {}, { field: 'name' });

function planFields(input: TPlanInput): TPlanFields {
  const interestBp = interestToBasisPoints(input.interest);
  // The schema accepted it, so it converts; null here is a programming error.
  if (interestBp === null) throw new Error(`not an interest: ${String(input.interest)}`);
  return {
    name: String(input.name),
    interestBp,
    duration: Number(input.duration),
    noOfTimes: Number(input.noOfTimes),
    minAmount: centsOf(input.minAmount),
    maxAmount: centsOf(input.maxAmount),
  };
}

/** The live plan name index refused a write: another admin took the name a moment earlier. */
function nameRace(err: unknown): unknown {
  return isUniqueViolation(err) === 'investment_plans_live_name_key' ? nameTaken() : err;
}

/** Live plans, cheapest first (minimum amount, then name). */
export async function readPlans(db: Db): Promise<TPlanList> {
  return { investmentPlans: (await listLivePlans(db)).map((p) => toApiPlan(p.row, p.inUse)) };
}

/**
 * The live plans a visitor may see on the home page, in the same order: a deleted plan is not
 * offered, so it is not shown either (docs/deviations.md, "No fixed marketing figures").
 */
export async function readPublicPlans(db: Db): Promise<TPublicPlanList> {
  return { plans: (await listLivePlans(db)).map((p) => toPublicPlan(p.row)) };
}

export async function readPlan(db: Db, id: string): Promise<TInvestmentPlan> {
  const found = await findLivePlan(db, id);
  if (!found) throw planNotFound();
  return toApiPlan(found.row, found.inUse);
}

export async function createPlan(db: Db, actorId: string, input: TPlanInput): Promise<TInvestmentPlan> {
  const fields = planFields(input);
  try {
    const row = await db.transaction(async (tx) => {
      if (await isPlanNameTaken(tx, fields.name)) throw nameTaken();
      const row = await insertPlan(tx, fields);
      await recordAudit(tx, {
        actorId,
        action: 'plan.create' satisfies TAuditAction,
        entityType: 'investmentPlan',
        entityId: row.id,
        after: toAuditPlan(row),
      });
      return row;
    });
    return toApiPlan(row, false);
  } catch (err) {
    throw nameRace(err);
  }
}

/**
 * Edits the plan the body names by its `id`: the plan row only (investments keep the terms they
 * were made on), and the name copy of the clients on it, in the same DB transaction.
 */
export async function updatePlanById(db: Db, actorId: string, { id, ...input }: TPlanUpdate): Promise<TInvestmentPlan> {
  const fields = planFields(input);
  try {
    const { row, inUse } = await db.transaction(async (tx) => {
      const before = await lockLivePlan(tx, id, 'update');
      if (!before) throw planNotFound();
      if (await isPlanNameTaken(tx, fields.name, id)) throw nameTaken();
      const row = await updatePlan(tx, id, fields);
      if (row.name !== before.name) await renamePlanOfUsers(tx, id, row.name);
      await recordAudit(tx, {
        actorId,
        action: 'plan.update' satisfies TAuditAction,
        entityType: 'investmentPlan',
        entityId: id,
        before: toAuditPlan(before),
        after: toAuditPlan(row),
      });
      return { row, inUse: await isPlanInUse(tx, id) };
    });
    return toApiPlan(row, inUse);
  } catch (err) {
    throw nameRace(err);
  }
}

/**
 * Deletes (hides) a plan nobody invested in; one with investments is kept (409). The plan is locked
 * first: an investment being made in it at that moment holds a share lock on it, so the check sees it.
 */
export async function deletePlan(db: Db, actorId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockLivePlan(tx, id, 'update');
    if (!before) throw planNotFound();
    if (await isPlanInUse(tx, id)) throw new AppError('CONFLICT', 'errors.planInUse');
    await softDeletePlan(tx, id);
    await recordAudit(tx, {
      actorId,
      action: 'plan.delete' satisfies TAuditAction,
      entityType: 'investmentPlan',
      entityId: id,
      before: toAuditPlan(before),
    });
  });
}

export type { TPlanRow } from './plans.repository.ts';
// What other modules may read and write of this module's tables (docs/architecture.md, "Boundaries").
export { lockLivePlan } from './plans.repository.ts';
