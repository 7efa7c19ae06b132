/**
 * The vocabulary of the money history (docs/money.md): transactions' types and statuses, how a status
 * is shown, and how an id is shortened. No schemas here (they are in transactions.ts): a page's first
 * render imports this without zod (docs/architecture.md, "Schema-free contracts").
 */

/**
 * `Payout` rows are the paid payouts of investments: their id is the payout's id. `Position` and
 * `Signal` rows share their id with the position or the signal trade: Pending while it runs (the
 * margin or entry is out of the balance), Completed once closed or settled, with its `pnl`.
 */
export const TRANSACTION_TYPES = [
  'Deposit',
  'Withdrawal',
  'Investment',
  'Adjustment',
  'Payout',
  'Position',
  'Signal',
] as const;
export type TTransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTION_STATUSES = ['Completed', 'Approved', 'Pending', 'Declined', 'Failed'] as const;
export type TTransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const DEPOSIT_STATUSES = ['Completed', 'Pending', 'Declined'] as const;
export const WITHDRAWAL_STATUSES = ['Completed', 'Pending', 'Declined'] as const;

/** What an admin adjustment did to the client's money (shown in their history). */
export const ADJUSTMENT_KINDS = ['credit', 'debit', 'profit', 'clear'] as const;
export type TAdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

/** Status colours and progress of the detail page. */
export function statusTone(status: TTransactionStatus): 'success' | 'warning' | 'danger' {
  if (status === 'Completed' || status === 'Approved') return 'success';
  if (status === 'Declined' || status === 'Failed') return 'danger';
  return 'warning';
}
export function statusProgress(status: TTransactionStatus): 0 | 1 | 3 {
  const tone = statusTone(status);
  return tone === 'success' ? 3 : tone === 'danger' ? 0 : 1;
}
/** The last 8 characters of an id, as the screens show ids. */
export const shortId = (id: string) => id.slice(-8);
