import { getTransaction } from '@meridian/contracts/endpoints/transactions';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, IDS, makeTransaction, renderWithProviders } from '@/test';
import { TransactionDetail } from './transaction-detail';

const position = makeTransaction({
  type: 'Position',
  amount: 100,
  direction: 'out',
  depositMethod: null,
  asset: 'BTC/USD',
});

function renderDetail() {
  return renderWithProviders(<TransactionDetail transactionId={IDS.record} />, {
    session: 'Client',
    route: `/user/transaction/${IDS.record}`,
  });
}

describe('the detail of a position', () => {
  it('names its pair and margin, and says its result is pending while it runs', async () => {
    answer(getTransaction, () => ({ ...position, status: 'Pending' as const, pnl: null }));
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Position', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Pair').nextSibling).toHaveTextContent('BTC/USD');
    expect(screen.getByText('Margin').nextSibling).toHaveTextContent('$100.00');
    expect(screen.getByText('Result').nextSibling).toHaveTextContent('Pending until it closes');
    expect(screen.queryByTestId('transaction-close-reason')).not.toBeInTheDocument();
    // Money moving inside the account: no payment method or wallet to show.
    expect(screen.queryByText('Wallet address')).not.toBeInTheDocument();
    // Its prices, stop-out and Close are on the position's own page.
    expect(screen.getByRole('link', { name: 'Position details' })).toHaveAttribute(
      'href',
      `/user/positions/${IDS.record}`,
    );
  });

  it('shows a closed one’s result, signed and coloured, as its amount, and why it closed', async () => {
    answer(getTransaction, () => ({
      ...position,
      status: 'Completed' as const,
      pnl: -5,
      closeReason: 'stop_loss' as const,
    }));
    renderDetail();
    expect(await screen.findByTestId('transaction-result')).toHaveTextContent('-$5.00');
    expect(screen.getByTestId('transaction-close-reason')).toHaveTextContent('Stop-loss reached');
    expect(screen.getByTestId('transaction-amount')).toHaveTextContent('-$5.00');
    expect(screen.getByTestId('transaction-progress')).toHaveTextContent('3/3');
  });
});
