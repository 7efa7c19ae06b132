import { fromCents } from '@meridian/contracts/money';
import {
  CHART_STATUSES,
  CHART_TYPES,
  type TChartSeries,
  type TTransactionCharts,
} from '@meridian/contracts/transaction-charts';
import { TRANSACTION_STATUSES, type TTransactionStatus } from '@meridian/contracts/transaction-terms';
import type { DbOrTx } from '../../../db/client.ts';
import { chartRows } from './charts.repository.ts';

/** A series while it is filled: counts, and sums in cents. */
interface TTally {
  counts: number[];
  cents: bigint[];
}

/**
 * The admin's transaction charts (docs/money.md, "Transaction charts"): for each of the last `days`
 * UTC days, the deposits, withdrawals and investments made that day, by their status now. Each type
 * shows its usual statuses even at zero, and any other status it has; sums stay in cents until the
 * answer, so a period's total is exactly the sum of its days.
 */
export async function transactionCharts(db: DbOrTx, days: number): Promise<TTransactionCharts> {
  const { days: dates, groups } = await chartRows(db, days);
  const dayIndex = new Map(dates.map((date, i) => [date, i]));
  const tallies = new Map<string, TTally>();
  const keyOf = (type: string, status: string) => `${type}:${status}`;
  const tallyOf = (type: string, status: string) => {
    const key = keyOf(type, status);
    let tally = tallies.get(key);
    if (!tally) {
      tally = { counts: dates.map(() => 0), cents: dates.map(() => 0n) };
      tallies.set(key, tally);
    }
    return tally;
  };
  for (const group of groups) {
    const i = dayIndex.get(group.day);
    if (i === undefined) continue;
    const tally = tallyOf(group.type, group.status);
    tally.counts[i] = group.count;
    tally.cents[i] = group.amount;
  }

  const series: TChartSeries[] = [];
  for (const type of CHART_TYPES) {
    const usual: readonly TTransactionStatus[] = CHART_STATUSES[type];
    const others = TRANSACTION_STATUSES.filter((s) => !usual.includes(s) && tallies.has(keyOf(type, s)));
    for (const status of [...usual, ...others]) {
      const { counts, cents } = tallyOf(type, status);
      series.push({
        type,
        status,
        total: {
          count: counts.reduce((sum, n) => sum + n, 0),
          amount: fromCents(cents.reduce((sum, c) => sum + c, 0n)),
        },
        days: counts.map((count, i) => ({ count, amount: fromCents(cents[i] ?? 0n) })),
      });
    }
  }
  return { from: dates[0] ?? '', to: dates.at(-1) ?? '', dates, series };
}
