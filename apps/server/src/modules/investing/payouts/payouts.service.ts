import type { TAuditAction } from '@meridian/contracts/balances';
import { fromCents } from '@meridian/contracts/money';
import { NOTICE_LINKS } from '@meridian/contracts/notice-terms';
import { type TPageQuery, totalPages } from '@meridian/contracts/pagination';
import {
  PAYOUT_ACTIVITY_LIST_MAX,
  PAYOUT_ACTIVITY_WINDOW_MS,
  type TPayout,
  type TPayoutActivities,
  type TPayoutPage,
} from '@meridian/contracts/payouts';
import type { Db } from '../../../db/client.ts';
import { lockBalances, postBatch } from '../../../ledger/ledger.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { recordAudit } from '../../back-office/audit/index.ts';
import { tellClients } from '../../back-office/messages/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { toApiPayout } from './payouts.mapper.ts';
import {
  findPayoutView,
  findUserPlan,
  lockInvestments,
  lockPayout,
  markMatured,
  nextPendingPayout,
  pageAdminPayouts,
  pageUserPayouts,
  rejectPayoutRow,
  settledPayoutsSince,
  settledTotalsSince,
  type TPayoutList,
} from './payouts.repository.ts';
import { maturities, maturityNotices, processDuePayouts } from './processing.ts';

/**
 * Payouts of approved investments, "trades" in the spec (docs/money.md, "Investments and payouts"):
 * the admin's Trade Log, Due and Rejected lists, Process All Trades and Reject, and the client's
 * payouts and trade activities. Paying is in processing.ts, shared with the automatic job.
 */

/** Process All Trades: pays everything due now, whoever else is processing; audited. */
export async function processAllDue(db: Db, mail: Mailer, actorId: string): Promise<number> {
  const processed = await processDuePayouts(db, { mail, now: new Date(), actorId });
  await recordAudit(db, {
    actorId,
    action: 'trade.process' satisfies TAuditAction,
    entityType: 'payout',
    after: { processed },
  });
  return processed;
}

/**
 * Rejects a Pending payout: it pays nothing, the client is told why (a notice and an email, and a loss
 * line in their trade activities). The payout is locked and re-read, so a payout being paid at that
 * moment is found Completed (409). If it was its investment's last Pending payout, the investment
 * matures as when its last payout is paid.
 */
export async function rejectPayout(
  db: Db,
  mail: Mailer,
  actorId: string,
  id: string,
  reason: string,
): Promise<TPayout> {
  await db.transaction(async (tx) => {
    const payout = await lockPayout(tx, id);
    if (!payout) throw notFound();
    if (payout.status !== 'Pending') throw new AppError('CONFLICT', 'errors.tradeNotPending');
    const investments = await lockInvestments(tx, [payout.investmentId]);
    const balances = await lockBalances(tx, [payout.userId]);
    const now = new Date();
    const rejected = await rejectPayoutRow(tx, id, { reason, rejectedBy: actorId, now });
    const trading = new Map([...balances].map(([userId, b]) => [userId, b.trading]));
    const matured = await maturities(tx, [...investments.values()], trading, actorId);
    await postBatch(tx, matured.postings);
    await markMatured(tx, matured.ids, now);
    await recordAudit(tx, {
      actorId,
      action: 'trade.reject' satisfies TAuditAction,
      targetUserId: payout.userId,
      entityType: 'payout',
      entityId: id,
      before: { status: payout.status, amount: fromCents(payout.amount) },
      after: { status: rejected.status, matured: matured.ids.length > 0 },
      reason,
    });
    await tellClients(tx, mail, [
      {
        key: 'payoutRejected',
        params: {
          amount: fromCents(payout.amount),
          plan: investments.get(payout.investmentId)?.planName ?? '',
          payouts: String(payout.sequence),
          of: payout.count,
          reason,
        },
        // The payout has no history record: the investment's is where its payouts are followed.
        link: NOTICE_LINKS.transaction(payout.investmentId),
        receiverId: payout.userId,
        senderId: actorId,
      },
      ...maturityNotices(matured, actorId),
    ]);
  });
  const view = await findPayoutView(db, id);
  if (!view) throw notFound();
  return toApiPayout(view);
}

/** One page of an admin list (Trade Log, Due, Rejected) with its total. */
export async function listPayouts(db: Db, list: TPayoutList, query: TPageQuery): Promise<TPayoutPage> {
  const { rows, total } = await pageAdminPayouts(db, list, new Date(), query.page, query.limit);
  return { trades: rows.map(toApiPayout), total, totalPage: totalPages(total, query.limit) };
}

/** One page of a client's payouts, latest due first. */
export async function listUserPayouts(db: Db, userId: string, query: TPageQuery): Promise<TPayoutPage> {
  if (!(await findUserPlan(db, userId))) throw notFound();
  const { rows, total } = await pageUserPayouts(db, userId, query.page, query.limit);
  return { trades: rows.map(toApiPayout), total, totalPage: totalPages(total, query.limit) };
}

/**
 * The client's trade activities: payouts paid (profit) and rejected (the spec's loss lines: a return
 * not paid) in the last 24 hours, latest first (at most PAYOUT_ACTIVITY_LIST_MAX lines; the totals
 * count the whole window), their plan and the next payout due. Net P&L is what the plans paid: a
 * rejected payout took no money, so it is not subtracted (docs/money.md, "Profit").
 */
export async function payoutActivities(db: Db, userId: string, now = new Date()): Promise<TPayoutActivities> {
  const user = await findUserPlan(db, userId);
  if (!user) throw notFound();
  const from = new Date(now.getTime() - PAYOUT_ACTIVITY_WINDOW_MS);
  const [lines, totals, next] = await Promise.all([
    settledPayoutsSince(db, userId, from, PAYOUT_ACTIVITY_LIST_MAX),
    settledTotalsSince(db, userId, from),
    nextPendingPayout(db, userId),
  ]);
  return {
    summary: {
      totalProfit: fromCents(totals.paid),
      totalLoss: fromCents(totals.rejected),
      netPL: fromCents(totals.paid),
    },
    activities: lines.map((line) => ({
      id: line.id,
      type: line.status === 'Rejected' ? 'loss' : 'profit',
      amount: fromCents(line.amount),
      processedAt: (line.processedAt ?? now).toISOString(),
      planName: line.planName ?? '',
      reason: line.status === 'Rejected' ? line.reason : null,
    })),
    plan: user.planId && user.planName !== null ? { id: user.planId, name: user.planName } : null,
    nextPayout: next ? { amount: fromCents(next.amount), dueDate: next.dueAt.toISOString() } : null,
  };
}
