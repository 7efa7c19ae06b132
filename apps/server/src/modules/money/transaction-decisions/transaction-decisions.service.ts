import { fromCents } from '@meridian/contracts/money';
import type { TTransaction, TTransactionStatusChoice } from '@meridian/contracts/transactions';
import type { Db } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { adjustBalance, clearBalances } from '../adjustments/index.ts';
import type { TActionOutcome, TApprovedAction, TFourEyes } from '../approvals/index.ts';
import { deleteDeposit, setDepositStatus } from '../deposits/index.ts';
import { findTransaction } from '../transactions/index.ts';
import { deleteWithdrawal, setWithdrawalStatus } from '../withdrawals/index.ts';

// The admin's "decide any record" (docs/architecture.md, "Boundaries"): above deposits, withdrawals and
// transactions, which all list through transactions, so none of them needs to know the others; and
// the approved four-eyes actions, above the adjustments and withdrawals they run.

/**
 * Sets a deposit's or a withdrawal's status through its own service (the transaction dialog's
 * Approved means Completed); other records have no status to set. A withdrawal's completion meets
 * four eyes as it does on its own page (`fourEyes`).
 */
export async function setTransactionStatus(
  db: Db,
  mail: Mailer,
  actorId: string,
  id: string,
  choice: TTransactionStatusChoice,
  fourEyes: TFourEyes,
): Promise<{ transaction: TTransaction; outcome: TActionOutcome }> {
  const row = await findTransaction(db, id);
  if (!row) throw notFound();
  const status = choice === 'Approved' ? 'Completed' : choice;
  // The type of a record never changes, so reading it before the service locks the row is safe.
  if (row.type === 'Deposit') {
    return { transaction: await setDepositStatus(db, mail, actorId, id, status), outcome: 'done' };
  }
  if (row.type === 'Withdrawal') {
    const { withdrawal, outcome } = await setWithdrawalStatus(db, mail, actorId, id, status, {}, fourEyes);
    return { transaction: withdrawal, outcome };
  }
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

/**
 * Runs the money action a second staff member approved (docs/money.md, "Four-eyes approval"), in
 * the approval's transaction, through the action's own service with all its checks, as the staff
 * member who asked for it: the approval's audit entry names who approved.
 */
export function runApprovedAction(mail: Mailer): TApprovedAction {
  return async (tx, approval) => {
    const fourEyes = { approvedIn: approval.id };
    if (approval.kind === 'withdrawal') {
      if (!approval.transactionId) throw new Error(`approval ${approval.id} names no withdrawal`);
      const reference = approval.reference ?? undefined;
      await setWithdrawalStatus(
        tx,
        mail,
        approval.requestedBy,
        approval.transactionId,
        'Completed',
        { reference },
        fourEyes,
      );
      return;
    }
    const reason = approval.reason ?? '';
    if (approval.kind === 'clear') {
      await clearBalances(tx, mail, approval.requestedBy, approval.userId, reason, fourEyes);
      return;
    }
    const amount = fromCents(approval.amount);
    await adjustBalance(tx, mail, approval.requestedBy, approval.userId, approval.kind, { amount, reason }, fourEyes);
  };
}
