import type { TBalanceSummary } from '@meridian/contracts/balances';
import { fromCents } from '@meridian/contracts/money';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { sumTransactionsOf } from '../transactions/transactions.repository.ts';
import { findUserById } from '../users/users.repository.ts';

/**
 * Every part of a client's money (the Balance page; docs/money.md): the cached balance columns
 * the ledger keeps, the totals the Balance Breakdown shows, total balance (balance + profit + bonus)
 * and what may be withdrawn (balance + profit; the bonus is not withdrawable).
 */
export async function balanceSummaryOf(db: Db, userId: string): Promise<TBalanceSummary> {
  const user = await findUserById(db, userId);
  if (user?.type !== 'Client') throw notFound();
  const sums = await sumTransactionsOf(db, userId);
  const total = (type: string, status: string) =>
    sums.filter((s) => s.type === type && s.status === status).reduce((sum, s) => sum + s.total, 0n);
  return {
    balance: fromCents(user.balance),
    tradingBalance: fromCents(user.tradingBalance),
    profitBalance: fromCents(user.profitBalance),
    bonus: fromCents(user.bonus),
    withdrawalHold: fromCents(user.withdrawalHold),
    totalBalance: fromCents(user.balance + user.profitBalance + user.bonus),
    withdrawable: fromCents(user.balance + user.profitBalance),
    totalDeposit: fromCents(total('Deposit', 'Completed')),
    totalWithdrawal: fromCents(total('Withdrawal', 'Completed')),
    totalInvestment: fromCents(total('Investment', 'Approved')),
  };
}
