import type { TMessageKey } from '@meridian/contracts/messages';
import { fromCents, toCents } from '@meridian/contracts/money';
import { signalExpectedReturnCents, ZJoinSignalInput } from '@meridian/contracts/signals';

/** What an entry is checked against, in dollars. */
export interface TEntryLimits {
  /** The signal's minimum entry. */
  min: number;
  /** The client's balance, when it is known. */
  available?: number | undefined;
}

/**
 * Why an entry the contract accepts (dollars, at most 2 decimals, above 0) cannot join: below the
 * signal's minimum or above the balance. Compared in integer cents.
 */
export function entryProblem(amount: number | string, limits: TEntryLimits): TMessageKey | undefined {
  const cents = toCents(amount);
  if (cents === null || cents <= 0n) return undefined;
  const min = toCents(limits.min);
  if (min !== null && cents < min) return 'validation.amountMin';
  if (limits.available !== undefined) {
    const available = toCents(limits.available);
    if (available !== null && cents > available) return 'errors.insufficientBalance';
  }
  return undefined;
}

/** Join: the contract's rules (an amount is required) and the signal's minimum and the balance. */
export function joinSignalSchema(limits: TEntryLimits) {
  return ZJoinSignalInput.superRefine((value, ctx) => {
    const problem = entryProblem(value.entryAmount, limits);
    if (problem) ctx.addIssue({ code: 'custom', path: ['entryAmount'], message: problem });
  });
}

/** The expected profit of an entry (amount × percentageReturn / 100) in dollars; null for no valid amount. */
export function expectedProfit(amount: number | string, percentageReturn: number): number | null {
  const cents = toCents(amount);
  if (cents === null || cents <= 0n) return null;
  return fromCents(signalExpectedReturnCents(cents, percentageReturn));
}
