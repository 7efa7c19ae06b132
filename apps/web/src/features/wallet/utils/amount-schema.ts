import { ZDepositInput, ZWithdrawalInput } from '@meridian/contracts/transactions';
import { amountProblem, type TAmountLimits } from './amount-rules';

/** Make Deposit: the contract's rules plus the method's minimum and maximum. */
export function depositFormSchema(limits: TAmountLimits) {
  return ZDepositInput.superRefine((value, ctx) => {
    const problem = amountProblem(value.amount, limits);
    if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
  });
}

/** Make Withdrawal: the contract's rules, the method's limits and what the client can withdraw. */
export function withdrawalFormSchema(limits: TAmountLimits) {
  return ZWithdrawalInput.superRefine((value, ctx) => {
    const problem = amountProblem(value.amount, limits);
    if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
  });
}
