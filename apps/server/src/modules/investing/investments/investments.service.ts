import type { TAuditAction } from '@meridian/contracts/balances';
import { MAX_PENDING_DEPOSITS } from '@meridian/contracts/constants';
import type {
  TInvestFromBalanceInput,
  TInvestment,
  TInvestmentList,
  TInvestmentStatus,
  TInvestViaDepositInput,
} from '@meridian/contracts/investments';
import { formatUsd, fromCents } from '@meridian/contracts/money';
import { NOTICE_LINKS } from '@meridian/contracts/notice-terms';
import { type TPageQuery, totalPages } from '@meridian/contracts/pagination';
import type { TTransaction } from '@meridian/contracts/transactions';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { lockBalances, post } from '../../../ledger/ledger.ts';
import { AppError, forbidden, notFound } from '../../../lib/app-error.ts';
import type { TCaller } from '../../../lib/caller.ts';
import { centsOf } from '../../../lib/money.ts';
import { recordAudit } from '../../back-office/audit/index.ts';
import { type TClientNotice, tellClient } from '../../back-office/messages/index.ts';
import { planOfUser, setUserPlan } from '../../identity/users/index.ts';
import { findDepositMethod, methodNotFound } from '../../money/methods/index.ts';
import {
  countPendingDeposits,
  findTransaction,
  insertTransaction,
  lockTransaction,
  toApiTransaction,
} from '../../money/transactions/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { maturityOf, schedulePayouts } from '../payouts/index.ts';
import { lockLivePlan, percentOf, planNotFound, type TPlanRow } from '../plans/index.ts';
import { toApiInvestment } from './investments.mapper.ts';
import {
  findInvestment,
  findInvestmentOfDeposit,
  insertInvestment,
  investedCents,
  lockPlanOf,
  NO_PAYOUTS,
  pageInvestmentViews,
  payoutProgressOf,
  setInvestmentApproved,
  setInvestmentDecision,
  setInvestmentFunded,
} from './investments.repository.ts';

/**
 * Investing in a plan (docs/money.md, "Investments and payouts"). An investment is a `transactions`
 * row of type Investment plus an `investments` row with the plan's terms copied in.
 *
 * - From balance: balance → trading at once (`investment.funded`), Pending.
 * - Via deposit: a Pending deposit and a Pending investment waiting for it; when an admin completes
 *   the deposit, the same DB transaction moves the money on to trading (`fundInvestmentOfDeposit`).
 * - An admin approves a funded investment (final; schedules its payouts and gives a client without
 *   a plan this one) or declines it (final; a funded one goes back trading → balance).
 *
 * Row locks are always taken in the order plan → client → investment record (the deposit hook:
 * deposit → client → investment), so concurrent decisions, edits and deposits cannot deadlock.
 */

const statusFinal = () => new AppError('CONFLICT', 'errors.statusFinal');

/** The plan's minimum and maximum, with the spec's messages on the amount field. */
function assertWithinPlan(plan: TPlanRow, amount: bigint): void {
  if (amount < plan.minAmount)
    throw AppError.field('amount', 'validation.amountMin', { min: formatUsd(plan.minAmount) });
  if (amount > plan.maxAmount)
    throw AppError.field('amount', 'validation.amountMax', { max: formatUsd(plan.maxAmount) });
  if (amount <= 0n) throw AppError.field('amount', 'validation.amountPositive');
}

const termsOf = (plan: TPlanRow) => ({
  planId: plan.id,
  interestBp: plan.interestBp,
  duration: plan.duration,
  noOfTimes: plan.noOfTimes,
});

/** A client's Pending investment in `plan`, paid through a deposit method when `viaMethod` names one. */
const insertPendingInvestment = (
  tx: Tx,
  userId: string,
  plan: TPlanRow,
  amount: bigint,
  viaMethod: { depositMethodId?: string; depositMethodName?: string; depositMethodValue?: string } = {},
) =>
  insertTransaction(tx, {
    userId,
    type: 'Investment',
    status: 'Pending',
    amount,
    direction: 'out',
    ...viaMethod,
    investmentPlanId: plan.id,
    investmentPlanName: plan.name,
  });

/**
 * Invest From Balance: the client's own balance moves to their trading account now; the investment
 * is Pending until an admin decides. Not enough balance: 422 "Insufficient balance" (the ledger's).
 */
export async function investFromBalance(db: Db, caller: TCaller, input: TInvestFromBalanceInput): Promise<TInvestment> {
  if (input.user !== caller.id) throw forbidden('errors.notOwnRecord');
  const amount = centsOf(input.amount);
  return db.transaction(async (tx) => {
    const plan = await lockLivePlan(tx, input.investmentPlan, 'share');
    if (!plan) throw planNotFound();
    assertWithinPlan(plan, amount);
    await lockBalances(tx, [caller.id]);
    const row = await insertPendingInvestment(tx, caller.id, plan, amount);
    await post(tx, {
      kind: 'investment.funded',
      reason: `Investment in ${plan.name} from the account balance`,
      actorId: caller.id,
      ref: { type: 'transaction', id: row.id },
      legs: [
        { userId: caller.id, account: 'balance', amount: -amount },
        { userId: caller.id, account: 'trading', amount },
      ],
    });
    const terms = await insertInvestment(tx, {
      id: row.id,
      userId: caller.id,
      ...termsOf(plan),
      fundedAt: row.createdAt,
      createdAt: row.createdAt,
    });
    return toApiInvestment(row, terms, NO_PAYOUTS, null);
  });
}

/**
 * Invest Via Deposit: a Pending deposit to the chosen method (its name and address copied, as a
 * declared deposit has) and a Pending investment tied to it. Nothing moves until an admin completes
 * the deposit. Counts against the client's pending deposits (MAX_PENDING_DEPOSITS), under their lock.
 */
export async function investViaDeposit(
  db: Db,
  caller: TCaller,
  input: TInvestViaDepositInput,
): Promise<{ investment: TInvestment; deposit: TTransaction }> {
  if (input.user !== caller.id) throw forbidden('errors.notOwnRecord');
  const amount = centsOf(input.amount);
  return db.transaction(async (tx) => {
    const plan = await lockLivePlan(tx, input.investmentPlan, 'share');
    if (!plan) throw planNotFound();
    const method = await findDepositMethod(tx, input.depositMethod);
    if (!method) throw methodNotFound();
    assertWithinPlan(plan, amount);
    await lockBalances(tx, [caller.id]);
    if ((await countPendingDeposits(tx, caller.id)) >= MAX_PENDING_DEPOSITS) {
      throw new AppError('CONFLICT', 'errors.tooManyPendingDeposits', { max: MAX_PENDING_DEPOSITS });
    }
    const viaMethod = {
      depositMethodId: method.id,
      depositMethodName: method.name,
      depositMethodValue: method.value,
    };
    const deposit = await insertTransaction(tx, {
      userId: caller.id,
      type: 'Deposit',
      status: 'Pending',
      amount,
      direction: 'in',
      ...viaMethod,
    });
    const row = await insertPendingInvestment(tx, caller.id, plan, amount, viaMethod);
    const terms = await insertInvestment(tx, {
      id: row.id,
      userId: caller.id,
      ...termsOf(plan),
      depositId: deposit.id,
      createdAt: row.createdAt,
    });
    return {
      investment: toApiInvestment(row, terms, NO_PAYOUTS, deposit.status),
      deposit: toApiTransaction(deposit),
    };
  });
}

/**
 * The deposit hook: called by the deposit service inside the DB transaction that sets `depositId`
 * Completed, after the deposit's own posting (which locked the client). If an investment waits for
 * that deposit and is still Pending and unfunded, its money moves on balance → trading now.
 */
export async function fundInvestmentOfDeposit(tx: Tx, actorId: string, depositId: string): Promise<void> {
  const waiting = await findInvestmentOfDeposit(tx, depositId);
  if (!waiting) return;
  const row = await lockTransaction(tx, waiting.id);
  const terms = await findInvestment(tx, waiting.id);
  if (row?.status !== 'Pending' || !terms || terms.fundedAt !== null) return;
  await post(tx, {
    kind: 'investment.funded',
    reason: `Investment in ${row.investmentPlanName ?? 'a plan'} funded by its completed deposit`,
    actorId,
    ref: { type: 'transaction', id: row.id },
    legs: [
      { userId: row.userId, account: 'balance', amount: -row.amount },
      { userId: row.userId, account: 'trading', amount: row.amount },
    ],
  });
  await setInvestmentFunded(tx, row.id, new Date());
}

/**
 * An admin decides an investment. The record is locked and re-read, so concurrent approvals run
 * one after the other: the first schedules the payouts, the others find it Approved (a no-op).
 * Approved and Declined are final. Approving needs the money in trading (an Invest Via Deposit
 * waits for its deposit). Each decision is audited and told to the client, in the same transaction.
 */
export async function setInvestmentStatus(
  db: Db,
  mail: Mailer,
  actorId: string,
  id: string,
  status: TInvestmentStatus,
): Promise<TInvestment> {
  const found = await findTransaction(db, id);
  if (found?.type !== 'Investment') throw notFound();
  const userId = found.userId;
  await db.transaction(async (tx) => {
    const known = await findInvestment(tx, id);
    if (!known) throw notFound();
    const plan = await lockPlanOf(tx, known.planId);
    await lockBalances(tx, [userId]);
    const row = await lockTransaction(tx, id);
    if (row?.type !== 'Investment') throw notFound();
    if (row.status === status) return;
    if (row.status !== 'Pending') throw statusFinal();
    const terms = await findInvestment(tx, id);
    if (!terms) throw notFound();
    const planName = row.investmentPlanName ?? plan?.name ?? '';
    const told = { link: NOTICE_LINKS.transaction(id), receiverId: userId, senderId: actorId };
    const amount = fromCents(row.amount);
    let notice: TClientNotice | null = null;

    if (status === 'Approved') {
      if (terms.fundedAt === null) throw new AppError('CONFLICT', 'errors.investmentDepositPending');
      const approvedAt = new Date();
      await setInvestmentApproved(tx, id, approvedAt, maturityOf(terms, approvedAt));
      const schedule = await schedulePayouts(
        tx,
        {
          id,
          userId,
          amount: row.amount,
          interestBp: terms.interestBp,
          duration: terms.duration,
          noOfTimes: terms.noOfTimes,
        },
        approvedAt,
      );
      if ((await planOfUser(tx, userId)) === null && plan) await setUserPlan(tx, userId, plan);
      notice = {
        ...told,
        key: 'investmentApproved',
        params: {
          amount,
          plan: planName,
          interest: percentOf(terms.interestBp),
          days: terms.duration,
          payouts: schedule.length,
        },
      };
    }
    if (status === 'Declined') {
      // A funded investment's money goes back; one still waiting for its deposit moved none.
      const funded = terms.fundedAt !== null;
      if (funded) {
        await post(tx, {
          kind: 'investment.declined',
          reason: `Investment in ${planName} declined: returned to the account balance`,
          actorId,
          ref: { type: 'transaction', id },
          legs: [
            { userId, account: 'trading', amount: -row.amount },
            { userId, account: 'balance', amount: row.amount },
          ],
        });
      }
      notice = {
        ...told,
        key: 'investmentDeclined',
        params: { amount, plan: planName, returned: funded ? amount : 0 },
      };
    }
    const updated = await setInvestmentDecision(tx, id, status, actorId);
    await recordAudit(tx, {
      actorId,
      action: 'investment.status' satisfies TAuditAction,
      targetUserId: userId,
      entityType: 'transaction',
      entityId: id,
      before: { status: row.status },
      after: { status: updated.status },
    });
    if (notice) await tellClient(tx, mail, notice);
  });
  return readInvestment(db, id, { withUser: true });
}

/** One investment as the lists show it. */
export async function readInvestment(db: Db, id: string, options: { withUser: boolean }): Promise<TInvestment> {
  const { rows } = await pageInvestmentViews(db, { id }, 1, 1);
  const view = rows[0];
  if (!view) throw notFound();
  const progress = await payoutProgressOf(db, [id]);
  return toApiInvestment(
    view.row,
    view.terms,
    progress.get(id) ?? NO_PAYOUTS,
    view.depositStatus,
    options.withUser ? view.user : undefined,
  );
}

/**
 * One page of investments, newest first, with their terms and payout progress: a client's own
 * (`userId`), or every client's, each with its client. Three queries whatever the page size.
 */
export async function pageInvestments(db: Db, { page, limit }: TPageQuery, userId?: string): Promise<TInvestmentList> {
  const { rows, total } = await pageInvestmentViews(db, { userId }, page, limit);
  const progress = await payoutProgressOf(
    db,
    rows.map((v) => v.row.id),
  );
  return {
    investments: rows.map((v) =>
      toApiInvestment(
        v.row,
        v.terms,
        progress.get(v.row.id) ?? NO_PAYOUTS,
        v.depositStatus,
        userId === undefined ? v.user : undefined,
      ),
    ),
    totalPage: totalPages(total, limit),
  };
}

// What other modules may read and write of this module's tables (docs/architecture.md, "Boundaries").

/**
 * Cents a client has in plans: funded investments whose principal has not come back. Part of their
 * equity (docs/money.md, "Equity").
 */
export function investedOf(db: DbOrTx, userId: string): Promise<bigint> {
  return investedCents(db, userId);
}
