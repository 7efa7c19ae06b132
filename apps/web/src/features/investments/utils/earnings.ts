import { interestToBasisPoints } from '@meridian/contracts/investments';
import { fromCents, toCents } from '@meridian/contracts/money';

/** The terms an example is computed on: a plan's, or those an investment was made on. */
export interface TEarningTerms {
  /** Total return over the duration, in percent. */
  interest: number;
  duration: number;
  noOfTimes: number;
}

/** What an amount earns on a plan, in dollars. */
export interface TEarnings {
  total: number;
  /** Each payout but the last. */
  perPayout: number;
  /** The last payout, which takes the rounding remainder. */
  lastPayout: number;
  count: number;
}

/**
 * What `amount` dollars earn on these terms, as the server schedules it (docs/money.md, "Payouts"):
 * the total is `floor(amount × interest_bp / 10 000)` cents, each payout `floor(total / count)` and
 * the last takes the remainder. In integer cents; null when the amount is not one.
 */
export function earningsOf(amount: number | string, terms: TEarningTerms): TEarnings | null {
  const cents = toCents(amount);
  const bp = interestToBasisPoints(terms.interest);
  const count = terms.duration * terms.noOfTimes;
  if (cents === null || cents <= 0n || bp === null || count <= 0) return null;
  const total = (cents * BigInt(bp)) / 10_000n;
  const each = total / BigInt(count);
  const last = total - each * BigInt(count - 1);
  return { total: fromCents(total), perPayout: fromCents(each), lastPayout: fromCents(last), count };
}
