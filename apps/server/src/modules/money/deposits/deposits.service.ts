import type { TAuditAction } from '@meridian/contracts/balances';
import { MAX_PENDING_DEPOSITS } from '@meridian/contracts/constants';
import { formatUsd, fromCents } from '@meridian/contracts/money';
import { NOTICE_LINKS } from '@meridian/contracts/notice-terms';
import type { TPageQuery } from '@meridian/contracts/pagination';
import type {
  TDepositInput,
  TDepositPage,
  TDepositReferenceInput,
  TTransaction,
} from '@meridian/contracts/transactions';
import { transferReferenceProblem } from '@meridian/contracts/transfer-reference';
import { walletAddressProblem } from '@meridian/contracts/wallet-address';
import type { Db } from '../../../db/client.ts';
import { lockBalances, post } from '../../../ledger/ledger.ts';
import { AppError, forbidden, notFound } from '../../../lib/app-error.ts';
import type { TCaller } from '../../../lib/caller.ts';
import { centsOf } from '../../../lib/money.ts';
import { recordAudit } from '../../back-office/audit/index.ts';
import { tellClient } from '../../back-office/messages/index.ts';
import { lockOpenClient } from '../../identity/users/index.ts';
import { fundInvestmentOfDeposit } from '../../investing/investments/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { findDepositMethod, methodNotFound } from '../methods/index.ts';
import {
  countPendingDeposits,
  insertTransaction,
  listTransactions,
  lockTransaction,
  toApiTransaction,
} from '../transactions/index.ts';
import {
  setDepositDecision,
  setDepositTransfer,
  softDeleteDeposit,
  type TDepositStatus,
} from './deposits.repository.ts';

/**
 * Deposits (docs/money.md). A client declares a
 * deposit (Pending, nothing moves); an admin who sees the funds arrive sets it Completed, which
 * credits the client's balance from the external account exactly once. Completed is final.
 */

/**
 * The transfer's hash or reference and its sending address as a deposit keeps them: each checked
 * against the method's network (a mistyped hash or an address of another network is refused on its
 * field), trimmed, and null when empty.
 */
function checkedTransfer(
  methodName: string | null,
  input: { reference?: string | undefined; senderAddress?: string | undefined },
): { reference?: string | null; senderAddress?: string | null } {
  const out: { reference?: string | null; senderAddress?: string | null } = {};
  if (input.reference !== undefined) {
    const reference = input.reference.trim();
    const problem = reference === '' ? null : transferReferenceProblem(methodName, reference);
    if (problem) throw AppError.field('reference', problem);
    out.reference = reference === '' ? null : reference;
  }
  if (input.senderAddress !== undefined) {
    const sender = input.senderAddress.trim();
    const problem = sender === '' ? null : walletAddressProblem(methodName, sender);
    if (problem) throw AppError.field('senderAddress', problem);
    out.senderAddress = sender === '' ? null : sender;
  }
  return out;
}

/**
 * A client declares a deposit they sent to a method's address, with the transfer's hash or
 * reference and sending address if they have them. At most MAX_PENDING_DEPOSITS may be
 * Pending at once: the count and the insert run in one DB transaction under the client's user-row
 * lock, so concurrent declarations are serialised and cannot overshoot the cap.
 */
export async function createDeposit(db: Db, caller: TCaller, input: TDepositInput): Promise<TTransaction> {
  if (input.user !== caller.id) throw forbidden('errors.notOwnRecord');
  const amount = centsOf(input.amount);
  const method = await findDepositMethod(db, input.depositMethod);
  if (!method) throw methodNotFound();
  if (amount < method.minAmount)
    throw AppError.field('amount', 'validation.amountMin', { min: formatUsd(method.minAmount) });
  if (amount > method.maxAmount)
    throw AppError.field('amount', 'validation.amountMax', { max: formatUsd(method.maxAmount) });
  if (amount <= 0n) throw AppError.field('amount', 'validation.amountPositive');
  const transfer = checkedTransfer(method.name, input);
  const row = await db.transaction(async (tx) => {
    await lockBalances(tx, [caller.id]);
    if ((await countPendingDeposits(tx, caller.id)) >= MAX_PENDING_DEPOSITS) {
      throw new AppError('CONFLICT', 'errors.tooManyPendingDeposits', { max: MAX_PENDING_DEPOSITS });
    }
    return insertTransaction(tx, {
      userId: caller.id,
      type: 'Deposit',
      status: 'Pending',
      amount,
      direction: 'in',
      depositMethodId: method.id,
      depositMethodName: method.name,
      depositMethodValue: method.value,
      ...transfer,
    });
  });
  return toApiTransaction(row);
}

/**
 * The client who declared a deposit gives or corrects its transfer hash or reference, and its
 * sending address (omitted: kept; empty: removed), while it is Pending: it is what the desk looks
 * for before completing it, and is fixed once decided. Another client's deposit, or a record that
 * is not a deposit, is "not found", as an id that does not exist. Moves no money.
 */
export async function setDepositReference(
  db: Db,
  caller: TCaller,
  id: string,
  input: TDepositReferenceInput,
): Promise<TTransaction> {
  const row = await db.transaction(async (tx) => {
    const row = await lockTransaction(tx, id);
    if (row?.type !== 'Deposit' || row.userId !== caller.id) throw notFound();
    if (row.status !== 'Pending') throw new AppError('CONFLICT', 'deposits.referenceNotPending');
    return setDepositTransfer(tx, id, checkedTransfer(row.depositMethodName, input));
  });
  return toApiTransaction(row);
}

/**
 * An admin sets a deposit's status. The row is locked and re-read, so two concurrent approvals
 * run one after the other and the second finds it already Completed (a no-op). Reaching Completed
 * posts external → balance in the same DB transaction as the status change, and moves the money of
 * an Invest Via Deposit waiting for it on to trading; refused (409) once the account is closed.
 * Completed and Declined are told to the client (a notice and an email).
 */
export async function setDepositStatus(
  db: Db,
  mail: Mailer,
  actorId: string,
  id: string,
  status: TDepositStatus,
): Promise<TTransaction> {
  const row = await db.transaction(async (tx) => {
    const row = await lockTransaction(tx, id);
    if (row?.type !== 'Deposit') throw notFound();
    if (row.status === status) return row;
    if (row.status === 'Completed') throw new AppError('CONFLICT', 'errors.statusFinal');
    if (status === 'Completed') {
      // A closed account cannot sign in to use the money. Closing refuses while a deposit is
      // Pending, but one declared while the close was under way, or Declined before it (Declined is
      // not final), could otherwise still be completed; the client row lock orders this against it.
      if (!(await lockOpenClient(tx, row.userId))) throw new AppError('CONFLICT', 'recovery.accountClosed');
      await post(tx, {
        kind: 'deposit.completed',
        reason: `Deposit via ${row.depositMethodName ?? 'deposit method'} completed`,
        actorId,
        ref: { type: 'transaction', id },
        legs: [
          { account: 'external', amount: -row.amount },
          { userId: row.userId, account: 'balance', amount: row.amount },
        ],
      });
      // An Invest Via Deposit waiting for this deposit is funded now, in this transaction.
      await fundInvestmentOfDeposit(tx, actorId, id);
    }
    const updated = await setDepositDecision(tx, id, status, actorId);
    await recordAudit(tx, {
      actorId,
      action: 'deposit.status' satisfies TAuditAction,
      targetUserId: row.userId,
      entityType: 'transaction',
      entityId: id,
      before: { status: row.status },
      after: { status: updated.status },
    });
    if (status !== 'Pending') {
      await tellClient(tx, mail, {
        key: status === 'Completed' ? 'depositCompleted' : 'depositDeclined',
        params: { amount: fromCents(row.amount), method: row.depositMethodName ?? '' },
        link: NOTICE_LINKS.transaction(id),
        receiverId: row.userId,
        senderId: actorId,
      });
    }
    return updated;
  });
  return toApiTransaction(row);
}

/** An admin deletes a deposit that moved no money (a Completed one is kept). */
export async function deleteDeposit(db: Db, actorId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockTransaction(tx, id);
    if (row?.type !== 'Deposit') throw notFound();
    if (row.status === 'Completed') throw new AppError('CONFLICT', 'errors.recordMovedMoney');
    await softDeleteDeposit(tx, id);
    await recordAudit(tx, {
      actorId,
      action: 'deposit.delete' satisfies TAuditAction,
      targetUserId: row.userId,
      entityType: 'transaction',
      entityId: id,
      before: toApiTransaction(row),
    });
  });
}

/** One page of deposits: a client's own, or (without `userId`) every client's with the client. */
export async function pageDeposits(db: Db, query: TPageQuery, userId?: string): Promise<TDepositPage> {
  const { items, totalPage } = await listTransactions(db, { userId, type: 'Deposit' }, query, {
    withUser: userId === undefined,
  });
  return { deposits: items, totalPage };
}
