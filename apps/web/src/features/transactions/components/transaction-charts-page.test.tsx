import { getTransactionCharts } from '@meridian/contracts/endpoints/transactions';
import type { TChartSeries, TTransactionCharts } from '@meridian/contracts/transaction-charts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, refuse, renderWithProviders } from '@/test';
import type { TransactionChartsGraphProps } from './transaction-charts-graph';
import { TransactionChartsPage } from './transaction-charts-page';

// jsdom lays nothing out, so recharts would draw nothing: the drawing says what it was asked to draw.
vi.mock('./transaction-charts-graph', () => ({
  default: ({ series, measure, statusLabel, axisLabels }: TransactionChartsGraphProps) => (
    <p data-testid="chart-graph">
      {`${axisLabels.value}: ${series.map((s) => `${statusLabel(s.status)} ${s.days.map((d) => d[measure]).join('/')}`).join(', ')}`}
    </p>
  ),
}));

/**
 * /admin/charts: the period's figures by type and status (the server's sums, shown as they come),
 * one type's days in a table for screen readers, the period in the address, and each state.
 */

const DATES = ['2026-03-01', '2026-03-02', '2026-03-03'];
const zero = { count: 0, amount: 0 };

function series(type: TChartSeries['type'], status: TChartSeries['status'], days = DATES.map(() => zero)) {
  return { type, status, days, total: zero };
}

function charts(overrides: Partial<Record<string, TChartSeries>> = {}): TTransactionCharts {
  const all = [
    series('Deposit', 'Completed'),
    series('Deposit', 'Pending'),
    series('Deposit', 'Declined'),
    series('Withdrawal', 'Completed'),
    series('Withdrawal', 'Pending'),
    series('Withdrawal', 'Declined'),
    series('Investment', 'Approved'),
    series('Investment', 'Pending'),
    series('Investment', 'Declined'),
  ].map((s) => overrides[`${s.type} ${s.status}`] ?? s);
  return { from: DATES[0] ?? '', to: DATES.at(-1) ?? '', dates: DATES, series: all };
}

const WITH_MONEY = charts({
  'Deposit Completed': {
    ...series('Deposit', 'Completed', [{ count: 2, amount: 100.5 }, zero, { count: 1, amount: 250.75 }]),
    total: { count: 3, amount: 351.25 },
  },
  'Deposit Pending': {
    ...series('Deposit', 'Pending', [zero, zero, { count: 1, amount: 40 }]),
    total: { count: 1, amount: 40 },
  },
  'Withdrawal Completed': {
    ...series('Withdrawal', 'Completed', [zero, { count: 1, amount: 12.34 }, zero]),
    total: { count: 1, amount: 12.34 },
  },
});

const render = (route = '/admin/charts') => renderWithProviders(<TransactionChartsPage />, { session: 'Admin', route });

describe('TransactionChartsPage', () => {
  it('shows each type’s totals by status, as the server summed them', async () => {
    const sent = answer(getTransactionCharts, () => WITH_MONEY);
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Transaction charts' })).toBeVisible();
    const deposits = await screen.findByTestId('chart-totals-Deposit');
    expect(within(deposits).getByRole('heading', { name: 'Deposits' })).toBeVisible();
    const completed = within(deposits).getByText('Completed').closest('div');
    expect(completed).toHaveTextContent('$351.25');
    expect(completed).toHaveTextContent('Records: 3');
    expect(within(deposits).getByText('Pending').closest('div')).toHaveTextContent('$40.00');
    expect(
      within(screen.getByTestId('chart-totals-Withdrawal')).getByText('Completed').closest('div'),
    ).toHaveTextContent('$12.34');
    expect(
      within(screen.getByTestId('chart-totals-Investment')).getByText('Approved').closest('div'),
    ).toHaveTextContent('$0.00');
    expect(Object.fromEntries(sent[0]?.query.entries() ?? [])).toEqual({ days: '30' });
  });

  it('gives screen readers each day of the chosen type, by status', async () => {
    answer(getTransactionCharts, () => WITH_MONEY);
    const rendered = render();
    const table = await screen.findByRole('table', { name: 'Deposits per day by status, last 3 days (UTC)' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent(/Date \(UTC\).*Completed.*Pending.*Declined/);
    expect(rows[1]).toHaveTextContent('Mar 1, 2026');
    expect(rows[1]).toHaveTextContent('$100.50, records: 2');
    expect(rows[3]).toHaveTextContent('$250.75, records: 1');
    expect(rows[3]).toHaveTextContent('$40.00, records: 1');

    await rendered.user.click(within(screen.getByTestId('chart-type')).getByRole('button', { name: 'Withdrawals' }));
    const withdrawals = screen.getByRole('table', { name: 'Withdrawals per day by status, last 3 days (UTC)' });
    expect(within(withdrawals).getAllByRole('row')[2]).toHaveTextContent('$12.34, records: 1');
    expect(within(screen.getByTestId('chart-type')).getByRole('button', { name: 'Withdrawals' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByTestId('chart-graph')).toHaveTextContent(
      'Amount (USD): Completed 0/12.34/0, Pending 0/0/0, Declined 0/0/0',
    );
    await rendered.user.click(
      within(screen.getByTestId('chart-measure')).getByRole('button', { name: 'Number of records' }),
    );
    expect(screen.getByTestId('chart-graph')).toHaveTextContent(
      'Records: Completed 0/1/0, Pending 0/0/0, Declined 0/0/0',
    );
  });

  it('asks for another period and keeps it in the address', async () => {
    const sent = answer(getTransactionCharts, () => WITH_MONEY);
    const rendered = render('/admin/charts?days=7');
    await screen.findByTestId('chart-totals-Deposit');
    expect(Object.fromEntries(sent[0]?.query.entries() ?? [])).toEqual({ days: '7' });
    await rendered.user.click(within(screen.getByTestId('chart-period')).getByRole('button', { name: '90 days' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(Object.fromEntries(sent[1]?.query.entries() ?? [])).toEqual({ days: '90' });
    expect(rendered.location()).toBe('/admin/charts?days=90');
    // Back to the default, the address is clean.
    await rendered.user.click(within(screen.getByTestId('chart-period')).getByRole('button', { name: '30 days' }));
    await waitFor(() => expect(rendered.location()).toBe('/admin/charts'));
  });

  it('says so when the period has no records', async () => {
    answer(getTransactionCharts, () => charts());
    render();
    expect(await screen.findByText('No deposits, withdrawals or investments in the last 3 days.')).toBeVisible();
    expect(screen.queryByTestId('chart-totals-Deposit')).not.toBeInTheDocument();
  });

  it('shows the error with a way to try again', async () => {
    let calls = 0;
    answer(getTransactionCharts, () => {
      calls += 1;
      return calls === 1 ? refuse(400, { error: 'VALIDATION', key: 'errors.generic' }) : WITH_MONEY;
    });
    const rendered = render();
    expect(await screen.findByText('Error fetching chart data')).toBeVisible();
    await rendered.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('chart-totals-Deposit')).toBeVisible();
  });
});
