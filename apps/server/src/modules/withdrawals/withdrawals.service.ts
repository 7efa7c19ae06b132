import { messageText, type TMessageKey } from '@meridian/contracts/messages';
import { formatUsd } from '@meridian/contracts/money';
import { totalPages } from '@meridian/contracts/pagination';
import type { TWithdrawalInput } from '@meridian/contracts/transactions';
import { WITHDRAWAL_VERIFIED_WINDOW_MINUTES } from '@meridian/contracts/withdrawals';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { transactions } from '../../db/schema/money.ts';
import { lockBalances, post, type TLeg } from '../../ledger/ledger.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { centsOf } from '../../lib/money.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { TTransactionRow, TTransactionUser } from '../transactions/transactions.mapper.ts';
import { insertTransaction, lockTransaction, pageTransactions } from '../transactions/transactions.repository.ts';
import {
  findLiveWithdrawalMethod,
  findWithdrawer,
  holdLegsOf,
  lockSpendableCode,
  markCodeUsed,
  setWithdrawalDecision,
} from './withdrawals.repository.ts';

/**
 * Withdrawals (spec 01 §2/§4/§5, spec 02 §4, DESIGN §4). Asking for a withdrawal moves the amount
 * out of the client's accounts into their withdrawal hold (profit first, then balance); an admin
 * then sets it Completed (the hold leaves the platform) or Declined (the hold goes back to exactly
 * the accounts it came from). Both are final.
 */

export type TWithdrawalStatus = 'Completed' | 'Pending' | 'Declined';

/** An amount refused the way the withdrawal form shows it (spec 01 §5). */
function amountError(key: TMessageKey, params: Record<string, string> = {}): AppError {
  const message = messageText(key, params);
  return new AppError('VALIDATION', message, 400, { fieldErrors: { amount: message } });
}

const methodNotFound = () => AppError.of('NOT_FOUND', 'errors.methodNotFound', 404);
const withdrawalsDisabled = () => forbidden('errors.withdrawalsDisabled');

/**
 * A client asks to withdraw `amount` to `address` through a method. Needs a code verified within
 * the last 10 minutes, which this spends. Everything that depends on balances runs under the
 * user's row lock, in one DB transaction with the hold posting and the new record.
 */
export async function createWithdrawal(
  db: Db,
  callerId: string,
  input: Pick<TWithdrawalInput, 'amount' | 'address' | 'withdrawalMethod' | 'user'>,
): Promise<TTransactionRow> {
  if (input.user !== callerId) throw forbidden('errors.notOwnRecord');
  const user = await findWithdrawer(db, callerId);
  if (user?.type !== 'Client') throw notFound();
  if (!user.withdrawalEnabled) throw withdrawalsDisabled();
  const method = await findLiveWithdrawalMethod(db, input.withdrawalMethod);
  if (!method) throw methodNotFound();
  const amount = centsOf(input.amount);
  if (amount <= 0n) throw amountError('validation.amountPositive');
  if (amount < method.minAmount) throw amountError('validation.amountMin', { min: formatUsd(method.minAmount) });
  if (amount > method.maxAmount) throw amountError('validation.amountMax', { max: formatUsd(method.maxAmount) });

  return db.transaction(async (tx) => {
    const balances = (await lockBalances(tx, [callerId])).get(callerId);
    if (!balances) throw notFound();
    // Read again under the lock: an admin may have turned withdrawals off meanwhile.
    if (!(await findWithdrawer(tx, callerId))?.withdrawalEnabled) throw withdrawalsDisabled();
    const codeId = await lockSpendableCode(tx, callerId, WITHDRAWAL_VERIFIED_WINDOW_MINUTES);
    if (!codeId) throw forbidden('errors.codeNotVerified');
    const withdrawable = balances.balance + balances.profit;
    if (amount > withdrawable) {
      throw AppError.of('INSUFFICIENT_FUNDS', 'errors.amountAboveWithdrawable', 422, {
        available: formatUsd(withdrawable),
      });
    }

    const row = await insertTransaction(tx, {
      userId: callerId,
      type: 'Withdrawal',
      status: 'Pending',
      amount,
      direction: 'out',
      withdrawalMethodId: method.id,
      withdrawalMethodName: method.name,
      address: input.address.trim(),
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
    await markCodeUsed(tx, codeId);
    return row;
  });
}

/** One page of withdrawals (of one client, or of everyone), newest first. */
export async function pageWithdrawals(
  db: Db,
  filter: { userId?: string },
  page: number,
  limit: number,
): Promise<{ rows: { row: TTransactionRow; user: TTransactionUser }[]; totalPage: number }> {
  const where =
    filter.userId === undefined
      ? eq(transactions.type, 'Withdrawal')
      : and(eq(transactions.type, 'Withdrawal'), eq(transactions.userId, filter.userId));
  const { rows, total } = await pageTransactions(db, where, page, limit);
  return { rows, totalPage: totalPages(total, limit) };
}

/**
 * An admin sets a withdrawal's status. The row is locked and re-read, so concurrent decisions run
 * one after the other: the first moves the money, a repeat of the same status is a no-op, and any
 * other change of a Completed or Declined withdrawal is refused (both are final).
 * - Pending → Completed: withdrawal_hold → external (the money leaves the platform).
 * - Pending → Declined: the hold returns to the accounts it came from.
 */
export function setWithdrawalStatus(
  db: Db,
  actorId: string,
  id: string,
  status: TWithdrawalStatus,
): Promise<TTransactionRow> {
  return db.transaction(async (tx) => {
    const row = await lockTransaction(tx, id);
    if (row?.type !== 'Withdrawal') throw notFound();
    if (row.status === status) return row;
    if (row.status !== 'Pending') throw AppError.of('CONFLICT', 'errors.statusFinal', 409);
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
    const updated = await setWithdrawalDecision(tx, id, { status, actorId });
    await recordAudit(tx, {
      actorId,
      action: 'withdrawal.status',
      targetUserId: row.userId,
      entityType: 'transaction',
      entityId: id,
      before: { status: row.status, amount: formatUsd(row.amount) },
      after: { status: updated.status, amount: formatUsd(updated.amount) },
    });
    return updated;
  });
}

/**
 * An admin deletes a withdrawal. A Pending one first gives its hold back exactly as a decline does
 * (and is recorded as Declined), then is hidden from every list; the row stays for the ledger's
 * references. A Completed or Declined one moved money and is kept.
 */
export function deleteWithdrawal(db: Db, actorId: string, id: string): Promise<void> {
  return db.transaction(async (tx) => {
    const row = await lockTransaction(tx, id);
    if (row?.type !== 'Withdrawal') throw notFound();
    if (row.status !== 'Pending') throw AppError.of('CONFLICT', 'errors.recordMovedMoney', 409);
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
