import { z } from 'zod';
import { TRANSACTION_STATUSES } from './transaction-terms.ts';

/**
 * The admin's transaction charts (/admin/charts): deposits, withdrawals and investments per UTC day
 * and status, as counts and sums (docs/money.md, "Transaction charts").
 */

/** The types the charts show: the money clients bring, take out and invest. */
export const CHART_TYPES = ['Deposit', 'Withdrawal', 'Investment'] as const;
export type TChartType = (typeof CHART_TYPES)[number];

/**
 * The statuses each type always shows, its settled one first, even when a period has none of them.
 * A record in another status (none is written today) gets a series of its own rather than vanish.
 */
export const CHART_STATUSES = {
  Deposit: ['Completed', 'Pending', 'Declined'],
  Withdrawal: ['Completed', 'Pending', 'Declined'],
  Investment: ['Approved', 'Pending', 'Declined'],
} as const satisfies Record<TChartType, readonly (typeof TRANSACTION_STATUSES)[number][]>;

/** The periods the page offers, in days; the endpoint takes any from 1 to the maximum. */
export const CHART_PERIODS = [7, 30, 90] as const;
export const CHART_MAX_DAYS = 366;

export const ZTransactionChartsQuery = z.strictObject({
  days: z.coerce.number().int().min(1).max(CHART_MAX_DAYS).default(30),
});
export type TTransactionChartsQuery = z.input<typeof ZTransactionChartsQuery>;

/** How many records and their sum in dollars (summed in cents on the server). */
export const ZChartFigure = z.object({ count: z.number().int().min(0), amount: z.number().min(0) });
export type TChartFigure = z.infer<typeof ZChartFigure>;

/** One type in one status: its figure on each day of `dates` (same order), and over the period. */
export const ZChartSeries = z.object({
  type: z.enum(CHART_TYPES),
  status: z.enum(TRANSACTION_STATUSES),
  total: ZChartFigure,
  days: z.array(ZChartFigure),
});
export type TChartSeries = z.infer<typeof ZChartSeries>;

/**
 * GET /api/admin/charts/transactions: the last `days` UTC days, today included, oldest first; a day
 * without records is a zero. Records count on the day they were made, in their current status.
 */
export const ZTransactionCharts = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  dates: z.array(z.iso.date()),
  series: z.array(ZChartSeries),
});
export type TTransactionCharts = z.infer<typeof ZTransactionCharts>;
