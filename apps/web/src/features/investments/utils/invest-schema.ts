import { ZInvestFromBalanceInput, ZInvestViaDepositInput } from '@meridian/contracts/investments';
import { investAmountProblem, type TInvestLimits } from './invest-amount';

/** Invest From Balance: the contract's rules, the plan's limits and the balance. */
export function investFromBalanceSchema(limits: TInvestLimits) {
  return ZInvestFromBalanceInput.superRefine((value, ctx) => {
    const problem = investAmountProblem(value.amount, limits);
    if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
  });
}

/** Invest Via Deposit: the contract's rules (a method is chosen) and the plan's limits. */
export function investViaDepositSchema(limits: TInvestLimits) {
  return ZInvestViaDepositInput.superRefine((value, ctx) => {
    const problem = investAmountProblem(value.amount, limits);
    if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
  });
}
