import { type TPageQuery, totalPages } from '@meridian/contracts/pagination';
import type {
  TTransaction,
  TTransactionListQuery,
  TTransactionPage,
  TTransactionStatusChoice,
} from '@meridian/contracts/transactions';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { TCaller } from '../auth/auth.service.ts';
import { deleteDeposit, setDepositStatus } from '../deposits/deposits.service.ts';
import { deleteWithdrawal, setWithdrawalStatus } from '../withdrawals/withdrawals.service.ts';
import { toApiTransaction } from './transactions.mapper.ts';
import {
  findTransaction,
  findTransactionWithUser,
  pageTransactions,
  type TTransactionType,
  transactionFilter,
} from './transactions.repository.ts';

/**
 * The unified history (docs/money.md): lists, one record, and the admin's status and delete
 * actions, which go to the service of the record's type.
 */

/** One page of live transactions, newest first; admin lists carry each row's client. */
export async function listTransactions(
  db: Db,
  filter: { userId?: string; type?: TTransactionType },
  { page, limit }: TPageQuery,
  options: { withUser: boolean },
): Promise<{ items: TTransaction[]; totalPage: number }> {
  const { rows, total } = await pageTransactions(db, transactionFilter(filter), page, limit);
  return {
    items: rows.map(({ row, user }) => toApiTransaction(row, options.withUser ? user : undefined)),
    totalPage: totalPages(total, limit),
  };
}

/**
 * One page of the history: a client's own (`userId`, every type), or every client's, optionally of
 * one type, each row with its client.
 */
export async function pageHistory(
  db: Db,
  { type, ...page }: TTransactionListQuery,
  userId?: string,
): Promise<TTransactionPage> {
  const { items, totalPage } = await listTransactions(db, { userId, type }, page, { withUser: userId === undefined });
  return { transactions: items, totalPage };
}

/**
 * One transaction: a client reads only their own (another client's id is "not found", exactly as
 * an id that does not exist); an admin reads any, with its client.
 */
export async function readTransaction(db: Db, caller: TCaller, id: string): Promise<TTransaction> {
  if (caller.type === 'Admin') {
    const found = await findTransactionWithUser(db, id);
    if (!found) throw notFound();
    return toApiTransaction(found.row, found.user);
  }
  const row = await findTransaction(db, id);
  if (row?.userId !== caller.id) throw notFound();
  return toApiTransaction(row);
}

/**
 * Sets a deposit's or a withdrawal's status through its own service (the transaction dialog's
 * Approved means Completed); other records have no status to set.
 */
export async function setTransactionStatus(
  db: Db,
  actorId: string,
  id: string,
  choice: TTransactionStatusChoice,
): Promise<TTransaction> {
  const row = await findTransaction(db, id);
  if (!row) throw notFound();
  const status = choice === 'Approved' ? 'Completed' : choice;
  // The type of a record never changes, so reading it before the service locks the row is safe.
  if (row.type === 'Deposit') return setDepositStatus(db, actorId, id, status);
  if (row.type === 'Withdrawal') return setWithdrawalStatus(db, actorId, id, status);
  throw new AppError('CONFLICT', 'errors.statusInvalid', 409);
}

/** Deletes a deposit or a withdrawal through its own service; the other records moved money. */
export async function deleteTransaction(db: Db, actorId: string, id: string): Promise<void> {
  const row = await findTransaction(db, id);
  if (!row) throw notFound();
  if (row.type === 'Deposit') return deleteDeposit(db, actorId, id);
  if (row.type === 'Withdrawal') return deleteWithdrawal(db, actorId, id);
  // Adjustments and investments moved money when they were made.
  throw new AppError('CONFLICT', 'errors.recordMovedMoney', 409);
}
