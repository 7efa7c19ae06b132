import { fromCents } from '@meridian/contracts/money';
import type { TTransaction } from '@meridian/contracts/transactions';
import type { transactions } from '../../../db/schema/money.ts';

export type TTransactionRow = typeof transactions.$inferSelect;

export interface TTransactionUser {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  isVerified: boolean;
}

/** The only way a transaction row leaves the server. Admin answers add the client's name. */
export function toApiTransaction(row: TTransactionRow, user?: TTransactionUser): TTransaction {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    amount: fromCents(row.amount),
    direction: row.direction,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    depositMethod:
      row.type === 'Deposit' || row.depositMethodName
        ? { id: row.depositMethodId, name: row.depositMethodName ?? '', value: row.depositMethodValue ?? '' }
        : null,
    withdrawalMethod:
      row.type === 'Withdrawal' ? { id: row.withdrawalMethodId, name: row.withdrawalMethodName ?? '' } : null,
    address: row.address,
    reference: row.reference,
    senderAddress: row.senderAddress,
    investmentPlan: row.investmentPlanName ? { id: row.investmentPlanId, name: row.investmentPlanName } : null,
    adjustmentKind: row.adjustmentKind,
    reason: row.reason,
    asset: row.asset,
    pnl: row.pnl === null ? null : fromCents(row.pnl),
    closeReason: row.closeReason,
    userId: row.userId,
    ...(user ? { user } : {}),
  };
}
