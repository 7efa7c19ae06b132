import type { TMessageKey } from '@meridian/contracts/messages';
import { toCents } from '@meridian/contracts/money';

/** What an investment amount is checked against before it is sent, in dollars. */
export interface TInvestLimits {
  /** The plan's minimum and maximum. */
  min: number;
  max: number;
  /** Invest From Balance: the client's balance, when it is known. */
  available?: number | undefined;
}

/**
 * Why an amount the contract accepts (dollars, at most 2 decimals) cannot be invested: not above
 * zero, outside the plan's limits, or above the balance it is to come from. Compared in integer
 * cents. `undefined` when it is fine, or when it is not an amount at all (the contract says so).
 */
export function investAmountProblem(amount: number | string, limits: TInvestLimits): TMessageKey | undefined {
  const cents = toCents(amount);
  if (cents === null) return undefined;
  if (cents <= 0n) return 'validation.amountPositive';
  const min = toCents(limits.min);
  const max = toCents(limits.max);
  if (min !== null && cents < min) return 'validation.amountMin';
  if (max !== null && max > 0n && cents > max) return 'validation.amountMax';
  if (limits.available !== undefined) {
    const available = toCents(limits.available);
    if (available !== null && cents > available) return 'errors.insufficientBalance';
  }
  return undefined;
}
