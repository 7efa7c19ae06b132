import type { TInvestment } from '@meridian/contracts/investments';
import { fromCents } from '@meridian/contracts/money';
import { type TTransactionRow, type TTransactionUser, toApiTransaction } from '../../money/transactions/index.ts';
import { percentOf } from '../plans/index.ts';
import type { TInvestmentRow, TPayoutProgress } from './investments.repository.ts';

const DEPOSIT_STATUSES = new Set(['Completed', 'Pending', 'Declined'] as const);
type TDepositStatus = 'Completed' | 'Pending' | 'Declined';
const isDepositStatus = (status: string | null): status is TDepositStatus =>
  status !== null && DEPOSIT_STATUSES.has(status as TDepositStatus);

/**
 * The only way an investment leaves the server: its history row with the terms it was made on and
 * how far its payouts have gone. Admin answers add the client.
 */
export function toApiInvestment(
  row: TTransactionRow,
  terms: TInvestmentRow,
  progress: TPayoutProgress,
  depositStatus: TTransactionRow['status'] | null,
  user?: TTransactionUser,
): TInvestment {
  return {
    ...toApiTransaction(row, user),
    terms: {
      interest: percentOf(terms.interestBp),
      duration: terms.duration,
      noOfTimes: terms.noOfTimes,
      deposit:
        terms.depositId !== null && isDepositStatus(depositStatus)
          ? { id: terms.depositId, status: depositStatus }
          : null,
      funded: terms.fundedAt !== null,
      approvedAt: terms.approvedAt?.toISOString() ?? null,
      maturesAt: terms.maturesAt?.toISOString() ?? null,
      maturedAt: terms.maturedAt?.toISOString() ?? null,
      payoutsTotal: terms.duration * terms.noOfTimes,
      payoutsPaid: progress.paid,
      payoutsRejected: progress.rejected,
      paidOut: fromCents(progress.paidOut),
    },
  };
}
