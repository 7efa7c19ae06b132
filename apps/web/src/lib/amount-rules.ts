import type { TMessageKey } from '@meridian/contracts/messages';
import { toCents } from '@meridian/contracts/money';

/** The limits an amount is checked against, in dollars. */
export interface TAmountLimits {
  min: number;
  max: number;
  /** What the client may withdraw (balance + profit); only for withdrawals. */
  available?: number | undefined;
}

/**
 * Why an amount the contract accepts (dollars, at most 2 decimals) still cannot be sent: not above
 * zero, below the method's minimum, above its maximum or above what can be withdrawn. Compared in
 * integer cents. `undefined` when it is fine, or when it is not an amount at all (the contract
 * schema reports that).
 */
export function amountProblem(amount: number | string, limits: TAmountLimits): TMessageKey | undefined {
  const cents = toCents(amount);
  if (cents === null) return undefined;
  if (cents <= 0n) return 'validation.amountPositive';
  const min = toCents(limits.min);
  const max = toCents(limits.max);
  if (min !== null && cents < min) return 'validation.amountMin';
  if (max !== null && cents > max) return 'validation.amountMax';
  if (limits.available !== undefined) {
    const available = toCents(limits.available);
    if (available !== null && cents > available) return 'errors.amountAboveWithdrawable';
  }
  return undefined;
}
