import { z } from 'zod';

/**
 * The ledger check (`npm run ledger:verify`, GET /api/admin/ledger/verify): every user's balance
 * columns recomputed from the ledger entries (docs/money.md). Amounts are integer cents as text, so
 * a sum of any size is exact.
 */
const ZCents = z.string().regex(/^-?\d+$/);

/** A balance column that differs from the sum of its entries. */
export const ZLedgerDifference = z.object({
  userId: z.uuid(),
  /** balance, trading, profit, bonus or withdrawal_hold. */
  account: z.string(),
  /** The balance column, in cents. */
  cached: ZCents,
  /** The sum of the entries, in cents. */
  ledger: ZCents,
});
export type TLedgerDifference = z.infer<typeof ZLedgerDifference>;

export const ZLedgerReport = z.object({
  /** No difference, no unbalanced transaction, and the whole ledger sums to zero. */
  ok: z.boolean(),
  /** Users whose balances were recomputed. */
  usersChecked: z.number().int().nonnegative(),
  /** The sum of every entry, in cents (0 when the ledger balances). */
  total: ZCents,
  differences: z.array(ZLedgerDifference),
  /** Ledger transactions whose entries do not sum to zero. */
  unbalancedTransactions: z.array(z.uuid()),
});
export type TLedgerReport = z.infer<typeof ZLedgerReport>;
