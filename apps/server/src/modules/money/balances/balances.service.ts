import type { TBalanceSummary } from '@meridian/contracts/balances';
import { fromCents } from '@meridian/contracts/money';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../lib/app-error.ts';
import { readBalanceRow } from './balances.repository.ts';

/**
 * Every part of a client's money (the Balance page; docs/money.md): the cached balance columns
 * the ledger keeps, the totals the Balance Breakdown shows, total balance (balance + profit + bonus)
 * and what may be withdrawn (balance + profit; the bonus is not withdrawable).
 */
export async function balanceSummaryOf(db: Db, userId: string): Promise<TBalanceSummary> {
  const user = await readBalanceRow(db, userId);
  if (user?.type !== 'Client') throw notFound();
  return {
    balance: fromCents(user.balance),
    tradingBalance: fromCents(user.tradingBalance),
    profitBalance: fromCents(user.profitBalance),
    bonus: fromCents(user.bonus),
    withdrawalHold: fromCents(user.withdrawalHold),
    totalBalance: fromCents(user.balance + user.profitBalance + user.bonus),
    withdrawable: fromCents(user.balance + user.profitBalance),
    totalDeposit: fromCents(user.totalDeposit),
    totalWithdrawal: fromCents(user.totalWithdrawal),
    totalInvestment: fromCents(user.totalInvestment),
  };
}
