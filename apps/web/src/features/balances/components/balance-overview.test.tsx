import { getBalance, getEquity } from '@meridian/contracts/endpoints/balances';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, IDS, makeBalance, makeEquity, renderWithProviders } from '@/test';
import { AccountHeader } from './account-header';
import { BalanceOverview } from './balance-overview';

function renderPage() {
  return renderWithProviders(
    <BalanceOverview userId={IDS.client} header={(hidden) => <AccountHeader userId={IDS.client} hidden={hidden} />} />,
  );
}

describe('BalanceOverview', () => {
  it('hides every amount, the account header’s too, until shown; its button says what a press does next', async () => {
    answer(getBalance, () => makeBalance({ totalDeposit: 1500 }));
    answer(getEquity, () => makeEquity({ equity: 1234.56 }));
    const { user } = renderPage();
    const show = await screen.findByRole('button', { name: 'Show amounts' });
    await screen.findByTestId('breakdown-deposit');
    expect(screen.queryByText('$1,234.56')).not.toBeInTheDocument();
    expect(screen.queryByText('$1,500.00')).not.toBeInTheDocument();

    await user.click(show);
    expect(await screen.findByTestId('equity')).toHaveTextContent('$1,234.56');
    expect(screen.getByTestId('breakdown-deposit')).toHaveTextContent('$1,500.00');
    const hide = screen.getByRole('button', { name: 'Hide amounts' });

    await user.click(hide);
    expect(screen.queryByText('$1,234.56')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show amounts' })).toBeInTheDocument();
  });

  it('shows realised profit as Total Profits, by source, each linking to its screen; operator credits apart', async () => {
    answer(getBalance, () =>
      makeBalance({
        profitBalance: 45.56,
        realisedProfit: { total: 17.56, plans: 28.56, positions: 9, signals: -20 },
        profitCredits: 7,
      }),
    );
    answer(getEquity, () => makeEquity());
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Show amounts' }));

    // Not the profit balance ($45.56), which holds the operator's credit and loses what withdrawals take.
    expect(await screen.findByTestId('breakdown-profit')).toHaveTextContent('Total Profits+$17.56');
    const plans = screen.getByTestId('profit-plans');
    expect(plans).toHaveTextContent('+$28.56');
    expect(within(plans).getByRole('link', { name: 'From investment plans' })).toHaveAttribute(
      'href',
      '/user/trade-activities',
    );
    expect(within(screen.getByTestId('profit-positions')).getByRole('link')).toHaveAttribute('href', '/user/positions');
    expect(screen.getByTestId('profit-signals')).toHaveTextContent('-$20.00');
    expect(screen.getByTestId('profit-total')).toHaveTextContent('+$17.56');
    expect(screen.getByTestId('profit-credits')).toHaveTextContent(
      'Credited to your profit balance by the operator, not profit earned: $7.00',
    );
    expect(screen.queryByText('$45.56')).not.toBeInTheDocument();
  });
});
