import { toCents } from '@meridian/contracts/money';

/**
 * Cents of an amount the route's schema has already accepted (`amountField` refuses anything
 * `toCents` cannot read), so a null here is a programming error, not bad input.
 */
export function centsOf(value: number | string): bigint {
  const cents = toCents(value);
  if (cents === null) throw new Error(`not a money amount: ${String(value)}`);
  return cents;
}
