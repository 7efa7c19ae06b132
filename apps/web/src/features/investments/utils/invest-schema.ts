import { ZInvestFromBalanceInput, ZInvestViaDepositInput } from '@meridian/contracts/investments';
import { amountProblem, type TAmountLimits } from '@meridian/contracts/money';

/** Invest From Balance: the contract's rules, the plan's limits and the balance. */
export function investFromBalanceSchema(limits: TAmountLimits) {
  return ZInvestFromBalanceInput.superRefine((value, ctx) => {
    const problem = amountProblem(value.amount, limits, 'errors.insufficientBalance');
    if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
  });
}

/** Invest Via Deposit: the contract's rules (a method is chosen) and the plan's limits. */
export function investViaDepositSchema(limits: TAmountLimits) {
  return ZInvestViaDepositInput.superRefine((value, ctx) => {
    const problem = amountProblem(value.amount, limits, 'errors.insufficientBalance');
    if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
  });
}
