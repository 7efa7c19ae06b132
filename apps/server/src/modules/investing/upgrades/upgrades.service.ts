import type { TAuditAction } from '@meridian/contracts/balances';
import type {
  TMyUpgradeAnswer,
  TUpgradeApproveInput,
  TUpgradeRejectInput,
  TUpgradeRequestInput,
  TUpgradeRequestList,
} from '@meridian/contracts/investments';
import { fromCents } from '@meridian/contracts/money';
import { NOTICE_LINKS } from '@meridian/contracts/notice-terms';
import type { Db } from '../../../db/client.ts';
import { lockBalances } from '../../../ledger/ledger.ts';
import { AppError, forbidden, notFound } from '../../../lib/app-error.ts';
import type { TCaller } from '../../../lib/caller.ts';
import { isUniqueViolation } from '../../../lib/db-errors.ts';
import { recordAudit } from '../../back-office/audit/index.ts';
import { tellClient } from '../../back-office/messages/index.ts';
import { setUserPlan } from '../../identity/users/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { lockLivePlan, planNotFound } from '../plans/index.ts';
import {
  decideRequest,
  findLatestRequestOf,
  findPendingRequestOf,
  findPlanHolder,
  insertUpgradeRequest,
  listPendingRequests,
  lockPendingRequestOf,
} from './upgrades.repository.ts';

/**
 * Plan upgrades: a client on a plan asks to move to another (one pending request at a time; the
 * plan does not change yet); an admin approves with a plan of their choosing, which becomes the
 * client's plan, or rejects with a reason. Each decision is audited and told to the client by an
 * in-app message, in the same DB transaction. Locks: plan → client → request, as investments take them.
 */

const conflict = (key: 'errors.upgradePending' | 'errors.upgradeSamePlan' | 'errors.upgradeNeedsPlan') =>
  new AppError('CONFLICT', key);
const noRequest = () => new AppError('NOT_FOUND', 'errors.noUpgradeRequest');

/** Upgrade to Plan: the client's own request to move to `newPlanId`. */
export async function requestUpgrade(db: Db, caller: TCaller, input: TUpgradeRequestInput): Promise<void> {
  if (input.userId !== caller.id) throw forbidden('errors.notOwnRecord');
  try {
    await db.transaction(async (tx) => {
      const holder = await findPlanHolder(tx, caller.id);
      if (!holder) throw notFound();
      if (holder.planId === null) throw conflict('errors.upgradeNeedsPlan');
      const plan = await lockLivePlan(tx, input.newPlanId, 'share');
      if (!plan) throw planNotFound();
      if (plan.id === holder.planId) throw conflict('errors.upgradeSamePlan');
      if (await findPendingRequestOf(tx, caller.id)) throw conflict('errors.upgradePending');
      await insertUpgradeRequest(tx, { userId: caller.id, fromPlanId: holder.planId, requestedPlanId: plan.id });
    });
  } catch (err) {
    // Two requests at once: the one-pending-per-client index stops the second.
    if (isUniqueViolation(err) === 'plan_upgrade_requests_one_pending_key') throw conflict('errors.upgradePending');
    throw err;
  }
}

/** The client's latest request, pending or decided, or null (the plans page and dashboard banner). */
export async function myUpgradeRequest(db: Db, userId: string): Promise<TMyUpgradeAnswer> {
  const holder = await findPlanHolder(db, userId);
  if (holder?.type !== 'Client') throw notFound();
  const found = await findLatestRequestOf(db, userId);
  if (!found) return { upgradeRequest: null };
  const { row } = found;
  return {
    upgradeRequest: {
      id: row.id,
      requestedPlan: { id: row.requestedPlanId, name: found.requestedPlanName },
      status: row.status,
      approvedPlan:
        row.approvedPlanId !== null && found.approvedPlanName !== null
          ? { id: row.approvedPlanId, name: found.approvedPlanName }
          : null,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
    },
  };
}

/** The admin's Plan upgrades table: pending requests, oldest first. */
export async function pendingUpgradeRequests(db: Db): Promise<TUpgradeRequestList> {
  const rows = await listPendingRequests(db);
  return {
    upgradeRequests: rows.map((r) => ({
      id: r.id,
      user: r.user,
      currentPlan:
        r.currentPlanId !== null && r.currentPlanName !== null
          ? { id: r.currentPlanId, name: r.currentPlanName }
          : null,
      requestedPlan: r.requestedPlan,
      tradingBalance: fromCents(r.tradingBalance),
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** Approves the client's pending request with the plan the admin chose, which becomes their plan. */
export async function approveUpgrade(
  db: Db,
  mail: Mailer,
  actorId: string,
  input: TUpgradeApproveInput,
): Promise<void> {
  if (!(await findPendingRequestOf(db, input.userId))) throw noRequest();
  await db.transaction(async (tx) => {
    const plan = await lockLivePlan(tx, input.newPlanId, 'share');
    if (!plan) throw planNotFound();
    await lockBalances(tx, [input.userId]);
    const request = await lockPendingRequestOf(tx, input.userId);
    if (!request) throw noRequest();
    const holder = await findPlanHolder(tx, input.userId);
    const current = holder?.planId ? { id: holder.planId, name: holder.planName ?? '' } : null;
    await setUserPlan(tx, input.userId, plan);
    await decideRequest(tx, request.id, { status: 'approved', approvedPlanId: plan.id, decidedBy: actorId });
    await recordAudit(tx, {
      actorId,
      action: 'upgrade.approve' satisfies TAuditAction,
      targetUserId: input.userId,
      entityType: 'planUpgradeRequest',
      entityId: request.id,
      before: { status: 'pending', investmentPlan: current },
      after: { status: 'approved', investmentPlan: { id: plan.id, name: plan.name } },
    });
    await tellClient(tx, mail, {
      key: 'upgradeApproved',
      params: { plan: plan.name },
      link: NOTICE_LINKS.plans,
      receiverId: input.userId,
      senderId: actorId,
    });
  });
}

/** Rejects the client's pending request; the reason is told to the client. */
export async function rejectUpgrade(db: Db, mail: Mailer, actorId: string, input: TUpgradeRejectInput): Promise<void> {
  const reason = input.reason.trim();
  await db.transaction(async (tx) => {
    const request = await lockPendingRequestOf(tx, input.userId);
    if (!request) throw noRequest();
    const requested = await findLatestRequestOf(tx, input.userId);
    await decideRequest(tx, request.id, { status: 'rejected', reason, decidedBy: actorId });
    await recordAudit(tx, {
      actorId,
      action: 'upgrade.reject' satisfies TAuditAction,
      targetUserId: input.userId,
      entityType: 'planUpgradeRequest',
      entityId: request.id,
      before: { status: 'pending' },
      after: { status: 'rejected' },
      reason,
    });
    const planName = requested?.row.id === request.id ? requested.requestedPlanName : 'another plan';
    await tellClient(tx, mail, {
      key: 'upgradeRejected',
      params: { plan: planName, reason },
      link: NOTICE_LINKS.plans,
      receiverId: input.userId,
      senderId: actorId,
    });
  });
}
