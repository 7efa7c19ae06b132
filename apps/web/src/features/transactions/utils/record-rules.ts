import type { TInvestmentTerms } from '@meridian/contracts/investments';
import type { TMessageKey } from '@meridian/contracts/messages';
import { DEPOSIT_STATUSES, type TTransactionStatus, WITHDRAWAL_STATUSES } from '@meridian/contracts/transaction-terms';
import type { TTransaction } from '@meridian/contracts/transactions';

/** Which status call a record takes: its own area's. */
export type TStatusKind = 'deposit' | 'withdrawal' | 'investment';
/** Which delete call a record takes: a deposit's, a withdrawal's, or the shared transaction one. */
export type TRecordArea = 'deposit' | 'withdrawal' | 'transaction';

/** A record of the admin's lists; the Investments list also answers each investment's terms. */
export type TAdminRecord = TTransaction & { terms?: TInvestmentTerms };

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
    success: 'deposits.depositStatusUpdated',
  },
  /** Completed (money left) and Declined (hold returned) are both final. */
  withdrawal: {
    kind: 'withdrawal',
    options: WITHDRAWAL_STATUSES,
    final: ['Completed', 'Declined'],
    success: 'withdrawals.withdrawalStatusUpdated',
  },
  /**
   * Investments: Approved, Pending, Declined, through the investments call. Approved (payouts
   * scheduled) and Declined (money returned) are final: they lock the list's Update action.
   */
  investment: {
    kind: 'investment',
    options: ['Approved', 'Pending', 'Declined'],
    final: ['Approved', 'Declined'],
    success: 'investments.statusUpdated',
  },
} as const satisfies Record<TStatusKind, TStatusRule>;

/** The status rule of a record; none for an admin adjustment or a paid payout, which are done when made. */
export function statusRuleOf(record: Pick<TTransaction, 'type'>): TStatusRule | null {
  switch (record.type) {
    case 'Deposit':
      return RULES.deposit;
    case 'Withdrawal':
      return RULES.withdrawal;
    case 'Investment':
      return RULES.investment;
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
export function recordArea(record: Pick<TTransaction, 'type'>): TRecordArea {
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

/**
 * The deposit a Pending Invest Via Deposit still waits for: its status (Pending, or Declined, when it
 * will not come), or null when there is none to wait for (from balance, deposit completed, decided).
 * The server refuses to approve such an investment (`errors.investmentDepositPending`).
 */
export function depositWaitOf(record: Pick<TAdminRecord, 'type' | 'status' | 'terms'>): 'Pending' | 'Declined' | null {
  if (record.type !== 'Investment' || record.status !== 'Pending') return null;
  const deposit = record.terms?.deposit;
  if (!deposit || deposit.status === 'Completed') return null;
  return deposit.status;
}

/** Records whose amount is shown with its sign: an adjustment (either way) and a payout (money in). */
export function isSignedRecord(record: Pick<TTransaction, 'type'>): boolean {
  return record.type === 'Adjustment' || record.type === 'Payout';
}
