import type { TInvestmentTerms } from '@meridian/contracts/investments';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTransaction, renderWithProviders } from '@/test';
import { TransactionList, TransactionTable } from './transaction-rows';

const plan = { id: '55555555-5555-4555-8555-555555555555', name: 'Basic Plan' };

const payout = makeTransaction({
  id: '66666666-6666-4666-8666-666666666666',
  type: 'Payout',
  status: 'Completed',
  amount: 1.33,
  direction: 'in',
  depositMethod: null,
  investmentPlan: plan,
});

function terms(overrides: Partial<TInvestmentTerms> = {}): TInvestmentTerms {
  return {
    interest: 20,
    duration: 30,
    noOfTimes: 1,
    deposit: null,
    funded: true,
    approvedAt: '2026-01-02T00:00:00.000Z',
    maturesAt: '2026-02-01T00:00:00.000Z',
    maturedAt: null,
    payoutsTotal: 30,
    payoutsPaid: 3,
    payoutsRejected: 0,
    paidOut: 3.99,
    ...overrides,
  };
}

describe('history rows', () => {
  it('shows a paid payout as profit in, with its plan', () => {
    renderWithProviders(<TransactionList items={[payout]} />);
    const row = screen.getByTestId('transaction-row');
    expect(row).toHaveTextContent('Payout');
    expect(row).toHaveTextContent('Basic Plan');
    expect(row).toHaveTextContent('+$1.33');
    expect(row).toHaveTextContent('Completed');
  });

  it('shows how far an approved investment has gone, and that a via-deposit one waits for its deposit', () => {
    const investment = makeTransaction({
      type: 'Investment',
      status: 'Approved',
      amount: 200,
      direction: 'out',
      depositMethod: null,
      investmentPlan: plan,
    });
    renderWithProviders(
      <TransactionTable
        caption="Investments"
        items={[
          { ...investment, terms: terms() },
          {
            ...investment,
            id: '77777777-7777-4777-8777-777777777777',
            status: 'Pending',
            terms: terms({
              approvedAt: null,
              maturesAt: null,
              payoutsTotal: 0,
              payoutsPaid: 0,
              paidOut: 0,
              funded: false,
              deposit: { id: '88888888-8888-4888-8888-888888888888', status: 'Pending' },
            }),
          },
        ]}
      />,
    );
    const [approved, waiting] = screen.getAllByRole('row').slice(1);
    expect(within(approved as HTMLElement).getByTestId('investment-progress')).toHaveTextContent(
      '3/30 payouts paid · $3.99 paid out · matures Feb 1, 2026',
    );
    expect(within(waiting as HTMLElement).getByTestId('investment-progress')).toHaveTextContent(
      'Waiting for the deposit',
    );
  });
});

describe('history rows of trades', () => {
  const position = makeTransaction({
    id: '99999999-9999-4999-8999-999999999999',
    type: 'Position',
    amount: 100,
    direction: 'out',
    depositMethod: null,
    asset: 'BTC/USD',
  });

  it('shows a running position by its pair, its margin out of the balance, Pending', () => {
    renderWithProviders(<TransactionList items={[{ ...position, status: 'Pending', pnl: null }]} />);
    const row = screen.getByTestId('transaction-row');
    expect(row).toHaveTextContent('Position');
    expect(row).toHaveTextContent('BTC/USD');
    expect(row).toHaveTextContent('-$100.00');
    expect(row).toHaveTextContent('Pending');
  });

  it('shows a closed position and a settled signal trade by their result, signed and coloured', () => {
    renderWithProviders(
      <TransactionTable
        caption="All activity"
        items={[
          { ...position, status: 'Completed', pnl: 12.34, closeReason: 'take_profit' },
          {
            ...position,
            id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
            type: 'Signal',
            asset: 'ETH/USD',
            status: 'Completed',
            pnl: -5,
          },
        ]}
      />,
    );
    const [gain, loss] = screen.getAllByRole('row').slice(1);
    expect(gain).toHaveTextContent('Position');
    expect(gain).toHaveTextContent('BTC/USD · Take-profit reached');
    expect(within(gain as HTMLElement).getByText('+$12.34')).toHaveClass('text-success');
    expect(gain).toHaveTextContent('Completed');
    expect(loss).toHaveTextContent('Signal trade');
    expect(loss).toHaveTextContent('ETH/USD');
    expect(within(loss as HTMLElement).getByText('-$5.00')).toHaveClass('text-danger');
  });
});
