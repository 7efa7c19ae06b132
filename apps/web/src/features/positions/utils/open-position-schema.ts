import type { TMessageKey } from '@meridian/contracts/messages';
import { toCents } from '@meridian/contracts/money';
import { ZOpenPositionForm } from '@meridian/contracts/positions';

/**
 * Why a margin the contract accepts (dollars, at most 2 decimals, above 0) cannot be put up: it is
 * more than the client's balance (when that is known). Compared in integer cents.
 */
export function marginProblem(amount: number | string, available: number | undefined): TMessageKey | undefined {
  if (available === undefined) return undefined;
  const cents = toCents(amount);
  const limit = toCents(available);
  if (cents === null || limit === null) return undefined;
  return cents > limit ? 'errors.insufficientBalance' : undefined;
}

/**
 * Open New Position / Open Trade: the contract's rules (every field required) and the balance. The
 * balance rule sits on the amount itself, so it is checked while other fields are still empty.
 */
export function openPositionSchema(available: number | undefined) {
  return ZOpenPositionForm.extend({
    amount: ZOpenPositionForm.shape.amount.superRefine((amount, ctx) => {
      const problem = marginProblem(amount, available);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  });
}
