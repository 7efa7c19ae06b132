import type { TTransaction, TTransactionStatusChoice } from '@meridian/contracts/transactions';
import type { Db } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { deleteDeposit, setDepositStatus } from '../deposits/index.ts';
import { findTransaction } from '../transactions/index.ts';
import { deleteWithdrawal, setWithdrawalStatus } from '../withdrawals/index.ts';

// The admin's "decide any record" (docs/architecture.md, "Boundaries"): above deposits, withdrawals and
// transactions, which all list through transactions, so none of them needs to know the others.

/**
 * Sets a deposit's or a withdrawal's status through its own service (the transaction dialog's
 * Approved means Completed); other records have no status to set.
 */
export async function setTransactionStatus(
  db: Db,
  mail: Mailer,
  actorId: string,
  id: string,
  choice: TTransactionStatusChoice,
): Promise<TTransaction> {
  const row = await findTransaction(db, id);
  if (!row) throw notFound();
  const status = choice === 'Approved' ? 'Completed' : choice;
  // The type of a record never changes, so reading it before the service locks the row is safe.
  if (row.type === 'Deposit') return setDepositStatus(db, mail, actorId, id, status);
  if (row.type === 'Withdrawal') return setWithdrawalStatus(db, mail, actorId, id, status);
  throw new AppError('CONFLICT', 'errors.statusInvalid');
}

/** Deletes a deposit or a withdrawal through its own service; the other records moved money. */
export async function deleteTransaction(db: Db, actorId: string, id: string): Promise<void> {
  const row = await findTransaction(db, id);
  if (!row) throw notFound();
  if (row.type === 'Deposit') return deleteDeposit(db, actorId, id);
  if (row.type === 'Withdrawal') return deleteWithdrawal(db, actorId, id);
  // Adjustments and investments moved money when they were made.
  throw new AppError('CONFLICT', 'errors.recordMovedMoney');
}
