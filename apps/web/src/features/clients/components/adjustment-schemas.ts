import { ZAdjustmentInput, ZClearBalancesInput } from '@meridian/contracts/balances';
import type { TMessageKey } from '@meridian/contracts/messages';
import { toCents } from '@meridian/contracts/money';

/**
 * Credit, Debit and Add Profit: the contract's amount and required reason, and more than zero
 * ('Amount must be greater than 0', the Add Profit form's rule; a zero credit or debit moves nothing
 * either, so the same rule holds for all three).
 */
export const ZAmountAdjustmentForm = ZAdjustmentInput.refine((v) => (toCents(v.amount) ?? 0n) > 0n, {
  error: 'validation.amountPositive' satisfies TMessageKey,
  path: ['amount'],
  when: (payload) => payload.issues.every((issue) => issue.path?.[0] !== 'amount'),
});

export const ZClearBalanceForm = ZClearBalancesInput;
