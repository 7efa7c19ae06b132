import { amountProblem, type TAmountLimits, toCents } from '@meridian/contracts/money';
import { ZDepositInput, ZWithdrawalInput } from '@meridian/contracts/transactions';
import { walletAddressProblem } from '@meridian/contracts/wallet-address';
import type { z } from 'zod';
import { addTransferIssues } from './transfer-schema';

/**
 * Make Deposit: the contract's rules, the method's minimum and maximum, and the server's rules for
 * the transfer's hash or reference and the sending address on the method's network, when given.
 */
export function depositFormSchema(limits: TAmountLimits, methodName: string) {
  return ZDepositInput.superRefine((value, ctx: z.RefinementCtx) => {
    const problem = amountProblem(value.amount, limits, 'errors.amountAboveWithdrawable');
    if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
    addTransferIssues(methodName, value, ctx);
  });
}

/**
 * Make Withdrawal: the contract's rules, the method's limits, what the client can withdraw, what the
 * client's withdrawal limits allow now (`limitNow`, dollars; null or undefined: no limit, or not known
 * yet; docs/money.md, "Withdrawal limits") and the server's rule for the wallet address of the
 * network the method's name implies (TRC20, ERC20, BTC…).
 */
export function withdrawalFormSchema(limits: TAmountLimits, methodName: string, limitNow?: number | null) {
  return ZWithdrawalInput.superRefine((value, ctx) => {
    const problem = amountProblem(value.amount, limits, 'errors.amountAboveWithdrawable');
    if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
    else if (limitNow !== undefined && limitNow !== null && aboveLimit(value.amount, limitNow)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'withdrawals.aboveLimitNow' });
    }
    // An empty address is the contract's own "required" message.
    const address = typeof value.address === 'string' ? value.address.trim() : '';
    const addressProblem = address ? walletAddressProblem(methodName, address) : null;
    if (addressProblem) ctx.addIssue({ code: 'custom', path: ['address'], message: addressProblem });
  });
}

/** Whether an amount the contract accepts is above `limit` dollars, compared in integer cents. */
function aboveLimit(amount: number | string, limit: number): boolean {
  const cents = toCents(amount);
  const max = toCents(limit);
  return cents !== null && max !== null && cents > max;
}
