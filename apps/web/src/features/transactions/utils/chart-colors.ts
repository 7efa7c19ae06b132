import type { TTransactionStatus } from '@meridian/contracts/transaction-terms';

/** What the bars measure: the sum in dollars or the number of records. */
export const CHART_MEASURES = ['amount', 'count'] as const;
export type TChartMeasure = (typeof CHART_MEASURES)[number];

/**
 * A status's colour in the charts, the theme's variable so both themes hold: settled green, waiting
 * amber, declined red, as the status badges; Failed grey, so two red stacks are never side by side.
 */
export function statusColor(status: TTransactionStatus): string {
  switch (status) {
    case 'Completed':
    case 'Approved':
      return 'var(--success)';
    case 'Pending':
      return 'var(--warning)';
    case 'Declined':
      return 'var(--danger)';
    case 'Failed':
      return 'var(--muted)';
  }
}
