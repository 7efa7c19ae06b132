import type { TMessageKey } from '@meridian/contracts/messages';
import {
  DEPOSIT_STATUSES,
  type TTransaction,
  type TTransactionStatus,
  WITHDRAWAL_STATUSES,
} from '@meridian/contracts/transactions';

/** Which status call a record takes: its own area's, or the shared transaction one. */
export type TStatusKind = 'deposit' | 'withdrawal' | 'transaction';

export interface TStatusRule {
  kind: TStatusKind;
  /** The statuses the dialog offers. */
  options: readonly TTransactionStatus[];
  /** Statuses after which Update Status is disabled. */
  final: readonly TTransactionStatus[];
  success: TMessageKey;
}

const RULES = {
  /** Completed is final (it credited the balance); Declined can still change. */
  deposit: {
    kind: 'deposit',
    options: DEPOSIT_STATUSES,
    final: ['Completed'],
    success: 'money.depositStatusUpdated',
  },
  /** Completed (money left) and Declined (hold returned) are both final. */
  withdrawal: {
    kind: 'withdrawal',
    options: WITHDRAWAL_STATUSES,
    final: ['Completed', 'Declined'],
    success: 'money.withdrawalStatusUpdated',
  },
  /** Investments: Approved, Pending, Declined; Approved and Declined lock the list's Update action. */
  transaction: {
    kind: 'transaction',
    options: ['Approved', 'Pending', 'Declined'],
    final: ['Approved', 'Completed', 'Declined'],
    success: 'money.transactionStatusUpdated',
  },
} as const satisfies Record<TStatusKind, TStatusRule>;

/** The status rule of a record; none for an admin adjustment, which is done when it is made. */
export function statusRuleOf(record: Pick<TTransaction, 'type'>): TStatusRule | null {
  switch (record.type) {
    case 'Deposit':
      return RULES.deposit;
    case 'Withdrawal':
      return RULES.withdrawal;
    case 'Investment':
      return RULES.transaction;
    default:
      return null;
  }
}

/** Update Status is offered only while the record's status can still change. */
export function canUpdateStatus(record: Pick<TTransaction, 'type' | 'status'>): boolean {
  const rule = statusRuleOf(record);
  return rule !== null && !rule.final.includes(record.status);
}

/**
 * Whether the server lets an admin delete the record. Every record that moved money is kept: a
 * Completed deposit (it credited the balance), a withdrawal that is no longer Pending (Completed: the
 * money left; Declined: the hold went back), and every adjustment and investment (they moved money
 * when they were made). The server refuses those with `errors.recordMovedMoney`.
 */
export function canDeleteRecord(record: Pick<TTransaction, 'type' | 'status'>): boolean {
  switch (record.type) {
    case 'Deposit':
      return record.status !== 'Completed';
    case 'Withdrawal':
      return record.status === 'Pending';
    default:
      return false;
  }
}

/** The area whose calls delete a record: deposits and withdrawals their own, the rest as transactions. */
export function recordArea(record: Pick<TTransaction, 'type'>): TStatusKind {
  return record.type === 'Deposit' ? 'deposit' : record.type === 'Withdrawal' ? 'withdrawal' : 'transaction';
}

/** The wallet address shown on the overview: where a deposit was paid to, or where a withdrawal goes. */
export function walletAddressOf(record: Pick<TTransaction, 'type' | 'depositMethod' | 'address'>): string | null {
  if (record.type === 'Withdrawal') return record.address || null;
  return record.depositMethod?.value || record.address || null;
}

/** The payment method's name, whichever side of the movement it is on. */
export function methodNameOf(record: Pick<TTransaction, 'depositMethod' | 'withdrawalMethod'>): string | null {
  return record.depositMethod?.name ?? record.withdrawalMethod?.name ?? null;
}
