import { formatUsd, fromCents } from '@meridian/contracts/money';
import { NOTICE_LINKS } from '@meridian/contracts/notice-terms';
import type { TPageQuery } from '@meridian/contracts/pagination';
import type {
  TPayoutReferenceInput,
  TTransaction,
  TWithdrawalInput,
  TWithdrawalPage,
} from '@meridian/contracts/transactions';
import { transferReferenceProblem } from '@meridian/contracts/transfer-reference';
import { walletAddressProblem } from '@meridian/contracts/wallet-address';
import { type TWithdrawalLimits, WITHDRAWAL_LIMIT_WINDOWS_MS } from '@meridian/contracts/withdrawal-limits';
import { WITHDRAWAL_VERIFIED_WINDOW_MINUTES } from '@meridian/contracts/withdrawals';
import { type Db, type DbOrTx, inTransaction, type Tx } from '../../../db/client.ts';
import { lockBalances, post, type TLeg } from '../../../ledger/ledger.ts';
import { AppError, forbidden, notFound } from '../../../lib/app-error.ts';
import type { TCaller } from '../../../lib/caller.ts';
import { centsOf } from '../../../lib/money.ts';
import { recordAudit } from '../../back-office/audit/index.ts';
import { tellClient } from '../../back-office/messages/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { assertAddressUsable } from '../address-book/index.ts';
import {
  closeApprovalOf,
  findPendingApprovalOf,
  mustWait,
  requestApproval,
  type TActionOutcome,
  type TFourEyes,
} from '../approvals/index.ts';
import { findWithdrawalMethod, methodNotFound } from '../methods/index.ts';
import {
  insertTransaction,
  listTransactions,
  lockTransaction,
  type TTransactionRow,
  toApiTransaction,
} from '../transactions/index.ts';
import {
  checkWithdrawalLimits,
  limitsSummary,
  NO_WITHDRAWAL_LIMITS,
  type TWithdrawalLimitSettings,
} from './withdrawal-limits.ts';
import {
  countedWithdrawalsSince,
  findWithdrawer,
  holdLegsOf,
  lockSpendableCode,
  markCodeUsed,
  setPayoutReference,
  setWithdrawalDecision,
} from './withdrawals.repository.ts';

/**
 * Withdrawals (docs/money.md). Asking for a withdrawal moves the amount
 * out of the client's accounts into their withdrawal hold (profit first, then balance); an admin
 * then sets it Completed (the hold leaves the platform) or Declined (the hold goes back to exactly
 * the accounts it came from). Both are final.
 */

export type TWithdrawalStatus = 'Completed' | 'Pending' | 'Declined';

const withdrawalsDisabled = () => forbidden('errors.withdrawalsDisabled');

/**
 * A client asks to withdraw `amount` to `address` through a method; the body's `user` must be the
 * caller, and the address one of the network the method's name implies (contracts/wallet-address.ts)
 * and, unless `oneOffAddresses` (WITHDRAWAL_ONE_OFF_ADDRESSES), an active saved address of the method
 * in the client's address book (docs/security.md, "Withdrawal address book").
 * Needs a code verified within the last 10 minutes, which this spends. Everything that depends on
 * balances or on earlier withdrawals (the withdrawal limits of `settings.limits`, none when not
 * given) runs under the user's row lock, in one DB transaction with the hold posting and the new
 * record.
 */
export async function createWithdrawal(
  db: Db,
  caller: TCaller,
  input: TWithdrawalInput,
  settings: { oneOffAddresses: boolean; limits?: TWithdrawalLimitSettings } = { oneOffAddresses: false },
): Promise<TTransaction> {
  const limits = settings.limits ?? NO_WITHDRAWAL_LIMITS;
  if (input.user !== caller.id) throw forbidden('errors.notOwnRecord');
  const callerId = caller.id;
  const user = await findWithdrawer(db, callerId);
  if (user?.type !== 'Client') throw notFound();
  if (!user.withdrawalEnabled) throw withdrawalsDisabled();
  const method = await findWithdrawalMethod(db, input.withdrawalMethod);
  if (!method) throw methodNotFound();
  const addressProblem = walletAddressProblem(method.name, input.address);
  if (addressProblem) throw AppError.field('address', addressProblem);
  const address = input.address.trim();
  const amount = centsOf(input.amount);
  if (amount <= 0n) throw AppError.field('amount', 'validation.amountPositive');
  if (amount < method.minAmount) {
    throw AppError.field('amount', 'validation.amountMin', { min: formatUsd(method.minAmount) });
  }
  if (amount > method.maxAmount) {
    throw AppError.field('amount', 'validation.amountMax', { max: formatUsd(method.maxAmount) });
  }

  const row = await db.transaction(async (tx) => {
    const balances = (await lockBalances(tx, [callerId])).get(callerId);
    if (!balances) throw notFound();
    // Read again under the lock: an admin may have turned withdrawals off (or verified the client) meanwhile.
    const withdrawer = await findWithdrawer(tx, callerId);
    if (!withdrawer?.withdrawalEnabled) throw withdrawalsDisabled();
    // Checked and locked here, so a removal committed before this point is seen (address book).
    await assertAddressUsable(tx, settings.oneOffAddresses, callerId, method.id, address);
    const codeId = await lockSpendableCode(tx, callerId, WITHDRAWAL_VERIFIED_WINDOW_MINUTES);
    if (!codeId) throw forbidden('errors.codeNotVerified');
    const withdrawable = balances.balance + balances.profit;
    if (amount > withdrawable) {
      throw new AppError('INSUFFICIENT_FUNDS', 'errors.amountAboveWithdrawable', {
        available: formatUsd(withdrawable),
      });
    }
    // Counted under the client's lock, so withdrawals of this client run one after another and each
    // sees every one before it (docs/money.md, "Withdrawal limits"); the record is stamped with the
    // same moment the windows were measured from.
    const now = new Date();
    const counted = await countedWithdrawalsSince(tx, callerId, monthAgo(now));
    checkWithdrawalLimits(counted, withdrawer.isVerified ? limits.verified : limits.unverified, amount, now);

    // The code is spent first: what follows is written last, deferred in a group-commit batch.
    await markCodeUsed(tx, codeId);
    const row = await insertTransaction(tx, {
      userId: callerId,
      type: 'Withdrawal',
      status: 'Pending',
      amount,
      direction: 'out',
      withdrawalMethodId: method.id,
      withdrawalMethodName: method.name,
      address,
      createdAt: now,
    });
    const fromProfit = balances.profit < amount ? balances.profit : amount;
    await post(tx, {
      kind: 'withdrawal.hold',
      reason: `Withdrawal of ${formatUsd(amount)} via ${method.name} requested`,
      actorId: callerId,
      ref: { type: 'transaction', id: row.id },
      legs: [
        { userId: callerId, account: 'profit', amount: -fromProfit },
        { userId: callerId, account: 'balance', amount: -(amount - fromProfit) },
        { userId: callerId, account: 'withdrawal_hold', amount },
      ],
    });
    return row;
  });
  return toApiTransaction(row);
}

/** The start of the longest window: older withdrawals count towards no limit. */
const monthAgo = (now: Date) => new Date(now.getTime() - WITHDRAWAL_LIMIT_WINDOWS_MS.month);

/**
 * A client's withdrawal limits and what is left of each now (GET /withdrawal/limits/:userId), for
 * the withdrawal form to show before the client types; the request itself is checked again under
 * the client's lock (createWithdrawal).
 */
export async function readWithdrawalLimits(
  db: Db,
  userId: string,
  limits: TWithdrawalLimitSettings,
): Promise<TWithdrawalLimits> {
  const user = await findWithdrawer(db, userId);
  if (user?.type !== 'Client') throw notFound();
  const now = new Date();
  const counted = await countedWithdrawalsSince(db, userId, monthAgo(now));
  return limitsSummary(counted, user.isVerified ? limits.verified : limits.unverified, user.isVerified, now);
}

/**
 * One page of withdrawals, newest first: a client's own (`userId`), or every client's. Each row
 * names its client when an admin reads the list.
 */
export async function pageWithdrawals(
  db: Db,
  caller: TCaller,
  query: TPageQuery,
  userId?: string,
): Promise<TWithdrawalPage> {
  const { items, totalPage } = await listTransactions(db, { userId, type: 'Withdrawal' }, query, {
    withUser: caller.type === 'Admin',
  });
  return { withdrawals: items, totalPage };
}

/** A payout's hash or reference, trimmed, checked against the withdrawal method's network, on the `reference` field. */
function checkedPayoutReference(row: TTransactionRow, reference: string): string {
  const value = reference.trim();
  const problem = transferReferenceProblem(row.withdrawalMethodName, value);
  if (problem) throw AppError.field('reference', problem);
  return value;
}

/**
 * An admin sets a withdrawal's status. The row is locked and re-read, so concurrent decisions run
 * one after the other: the first moves the money, a repeat of the same status is a no-op, and any
 * other change of a Completed or Declined withdrawal is refused (both are final).
 * - Pending → Completed: withdrawal_hold → external (the money leaves the platform); the payout's
 *   hash or reference is recorded with it when given (`reference`, empty: not yet).
 * - Pending → Declined: the hold returns to the accounts it came from.
 * Both are told to the client (a notice and an email).
 * Completing one above the operator's threshold waits for a second staff member instead
 * (`fourEyes`; docs/money.md, "Four-eyes approval"): it stays Pending, and asking again answers the
 * approval already waiting. Declining it rejects what waited.
 */
export async function setWithdrawalStatus(
  db: DbOrTx,
  mail: Mailer,
  actorId: string,
  id: string,
  status: TWithdrawalStatus,
  payout: { reference?: string | undefined },
  fourEyes: TFourEyes,
): Promise<{ withdrawal: TTransaction; outcome: TActionOutcome }> {
  const given = payout.reference?.trim() ? payout.reference : undefined;
  // Only a paid withdrawal has a payout to refer to.
  if (given !== undefined && status !== 'Completed') {
    throw AppError.field('reference', 'withdrawals.payoutReferenceNotCompleted');
  }
  let outcome: TActionOutcome = 'done';
  const row = await inTransaction(db, async (tx) => {
    const row = await lockTransaction(tx, id);
    if (row?.type !== 'Withdrawal') throw notFound();
    if (row.status === status) return row;
    if (row.status !== 'Pending') throw new AppError('CONFLICT', 'errors.statusFinal');
    const reference = given === undefined ? undefined : checkedPayoutReference(row, given);
    if (status === 'Completed' && mustWait(fourEyes, row.amount)) {
      outcome = 'waiting';
      if (!(await findPendingApprovalOf(tx, id))) {
        await requestApproval(tx, {
          kind: 'withdrawal',
          userId: row.userId,
          transactionId: id,
          amount: row.amount,
          reference: reference ?? null,
          requestedBy: actorId,
        });
      }
      return row;
    }
    if (status === 'Declined') await closeApprovalOf(tx, id, actorId);
    if (status === 'Completed') {
      await post(tx, {
        kind: 'withdrawal.completed',
        reason: `Withdrawal of ${formatUsd(row.amount)} via ${row.withdrawalMethodName ?? 'withdrawal method'} completed`,
        actorId,
        ref: { type: 'transaction', id },
        legs: [
          { userId: row.userId, account: 'withdrawal_hold', amount: -row.amount },
          { account: 'external', amount: row.amount },
        ],
      });
    } else if (status === 'Declined') {
      await releaseHold(tx, row, actorId, 'withdrawal.declined', 'declined');
    }
    const updated = await setWithdrawalDecision(tx, id, { status, actorId, reference });
    await recordAudit(tx, {
      actorId,
      action: 'withdrawal.status',
      targetUserId: row.userId,
      entityType: 'transaction',
      entityId: id,
      before: { status: row.status, amount: formatUsd(row.amount) },
      after: {
        status: updated.status,
        amount: formatUsd(updated.amount),
        ...(reference === undefined ? {} : { reference }),
      },
    });
    if (status !== 'Pending') {
      await tellClient(tx, mail, {
        key: status === 'Completed' ? 'withdrawalCompleted' : 'withdrawalDeclined',
        params: { amount: fromCents(row.amount), method: row.withdrawalMethodName ?? '' },
        link: NOTICE_LINKS.transaction(id),
        receiverId: row.userId,
        senderId: actorId,
      });
    }
    return updated;
  });
  return { withdrawal: toApiTransaction(row), outcome };
}

/**
 * An admin records the payout hash or reference of a Completed withdrawal: one not given when it was
 * completed, or a correction. The client sees it on the withdrawal; the audit log keeps the one it
 * replaced. Refused (409) before the withdrawal is completed, and for a declined one (nothing was paid).
 */
export async function setWithdrawalReference(
  db: Db,
  actorId: string,
  id: string,
  input: TPayoutReferenceInput,
): Promise<TTransaction> {
  const row = await db.transaction(async (tx) => {
    const row = await lockTransaction(tx, id);
    if (row?.type !== 'Withdrawal') throw notFound();
    if (row.status !== 'Completed') throw new AppError('CONFLICT', 'withdrawals.payoutReferenceNotCompleted');
    const reference = checkedPayoutReference(row, input.reference);
    if (reference === row.reference) return row;
    const updated = await setPayoutReference(tx, id, reference);
    await recordAudit(tx, {
      actorId,
      action: 'withdrawal.payoutReference',
      targetUserId: row.userId,
      entityType: 'transaction',
      entityId: id,
      before: { reference: row.reference },
      after: { reference: updated.reference },
    });
    return updated;
  });
  return toApiTransaction(row);
}

/**
 * An admin deletes a withdrawal. A Pending one first gives its hold back exactly as a decline does
 * (and is recorded as Declined), then is hidden from every list; the row stays for the ledger's
 * references. A Completed or Declined one moved money and is kept.
 */
export async function deleteWithdrawal(db: Db, actorId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockTransaction(tx, id);
    if (row?.type !== 'Withdrawal') throw notFound();
    if (row.status !== 'Pending') throw new AppError('CONFLICT', 'errors.recordMovedMoney');
    await closeApprovalOf(tx, id, actorId);
    await releaseHold(tx, row, actorId, 'withdrawal.deleted', 'deleted while pending');
    const updated = await setWithdrawalDecision(tx, id, { status: 'Declined', actorId, deleted: true });
    await recordAudit(tx, {
      actorId,
      action: 'withdrawal.delete',
      targetUserId: row.userId,
      entityType: 'transaction',
      entityId: id,
      before: { status: row.status, amount: formatUsd(row.amount) },
      after: { status: updated.status, deleted: true },
    });
  });
}

/**
 * Gives a pending withdrawal's hold back to the accounts its 'withdrawal.hold' posting took it
 * from, leg for leg (profit to profit, balance to balance), whatever the balances are now.
 */
async function releaseHold(tx: Tx, row: TTransactionRow, actorId: string, kind: string, why: string) {
  const legs = await holdLegsOf(tx, row.id);
  const held = legs.filter((l) => l.account === 'withdrawal_hold').reduce((sum, l) => sum + l.amount, 0n);
  if (held !== row.amount) {
    throw new Error(`withdrawal ${row.id}: its hold posting holds ${held} cents, not ${row.amount}`);
  }
  const back: TLeg[] = legs
    .filter((l) => l.account !== 'withdrawal_hold' && l.amount < 0n)
    .map((l) => ({ userId: l.userId, account: l.account, amount: -l.amount }));
  await post(tx, {
    kind,
    reason: `Withdrawal of ${formatUsd(row.amount)} ${why}; the hold returns to the accounts it came from`,
    actorId,
    ref: { type: 'transaction', id: row.id },
    legs: [{ userId: row.userId, account: 'withdrawal_hold', amount: -row.amount }, ...back],
  });
}
