/**
 * Money crosses the API as a number of US dollars with at most 2 decimals and lives everywhere else
 * as integer cents. These helpers convert through the decimal text, never by multiplying a float.
 */
import type { TMessageKey } from './messages.ts';

const MONEY_PATTERN = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/** Dollars (number or decimal text) to integer cents; null when it is not a valid amount. */
export function toCents(value: number | string): bigint | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const text = typeof value === 'number' ? numberToPlainText(value) : value.trim();
  const match = MONEY_PATTERN.exec(text);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** Integer cents to dollars as a number for JSON (exact for any amount below 2^53 cents). */
export function fromCents(cents: bigint | number): number {
  const c = BigInt(cents);
  const sign = c < 0n ? -1 : 1;
  const abs = c < 0n ? -c : c;
  return sign * Number(`${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`);
}

/** "$1,234.56" for integer cents; the web's Money component uses this. */
export function formatUsd(cents: bigint | number, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(fromCents(cents));
}

/** What an amount is checked against before it is sent, in dollars. */
export interface TAmountLimits {
  /** The method's or plan's minimum and maximum. */
  min: number;
  max: number;
  /** When the money comes out of the client's account: what is there to take (balance, or balance + profit). */
  available?: number | undefined;
}

/**
 * Why an amount the contract accepts (dollars, at most 2 decimals) still cannot be sent: not above
 * zero, below the minimum, above the maximum, or above what is available (`aboveAvailable` names
 * that, as each form words it). Compared in integer cents. `undefined` when it is fine, or when it is
 * not an amount at all (the contract's schema reports that). The web's deposit, withdrawal and invest
 * forms check with it; the server's services keep their own order of the same checks.
 */
export function amountProblem<TAvailable extends TMessageKey>(
  amount: number | string,
  limits: TAmountLimits,
  aboveAvailable: TAvailable,
): 'validation.amountPositive' | 'validation.amountMin' | 'validation.amountMax' | TAvailable | undefined {
  const cents = toCents(amount);
  if (cents === null) return undefined;
  if (cents <= 0n) return 'validation.amountPositive';
  const min = toCents(limits.min);
  const max = toCents(limits.max);
  if (min !== null && cents < min) return 'validation.amountMin';
  if (max !== null && cents > max) return 'validation.amountMax';
  if (limits.available !== undefined) {
    const available = toCents(limits.available);
    if (available !== null && cents > available) return aboveAvailable;
  }
  return undefined;
}

function numberToPlainText(value: number): string {
  // Numbers such as 1e21 print in exponent form; those are out of range anyway.
  return value.toString().includes('e') ? 'x' : value.toString();
}
