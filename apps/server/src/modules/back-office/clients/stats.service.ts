import type { TAdminStats, TStatsSeries } from '@meridian/contracts/clients';
import { fromCents } from '@meridian/contracts/money';
import type { DbOrTx } from '../../../db/client.ts';
import { statsDays, statsTotals } from './stats.repository.ts';

/** The dashboard's five summary cards, money in dollars (what counts: stats.repository.ts). */
export async function dashboardStats(db: DbOrTx): Promise<TAdminStats> {
  const { clients, deposits, withdrawals, investments } = await statsTotals(db);
  return {
    totalClients: clients,
    totalTransactions: fromCents(deposits + withdrawals + investments),
    totalDeposits: fromCents(deposits),
    totalWithdrawals: fromCents(withdrawals),
    totalInvestments: fromCents(investments),
  };
}

/** The dashboard's charts: the last `days` UTC days, oldest first, sums in dollars. */
export async function dashboardSeries(db: DbOrTx, days: number): Promise<TStatsSeries> {
  const rows = await statsDays(db, days);
  return {
    days: rows.map((r) => ({
      date: r.day,
      deposits: fromCents(r.deposits),
      withdrawals: fromCents(r.withdrawals),
      investments: fromCents(r.investments),
    })),
  };
}
