import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTransaction, renderWithProviders } from '@/test';
import { TransactionAmount } from './transaction-amount';

describe('TransactionAmount', () => {
  it('shows a completed deposit as money in: +, green', () => {
    renderWithProviders(<TransactionAmount tx={makeTransaction({ amount: 2000, status: 'Completed' })} />);
    const amount = screen.getByText('+$2,000.00');
    expect(amount).toHaveClass('text-success');
  });

  it('shows a declined deposit as money that never arrived: no sign, muted, struck through', () => {
    renderWithProviders(<TransactionAmount tx={makeTransaction({ amount: 2000, status: 'Declined' })} />);
    expect(screen.queryByText('+$2,000.00')).not.toBeInTheDocument();
    const amount = screen.getByText('$2,000.00');
    expect(amount).not.toHaveClass('text-success');
    expect(amount).toHaveClass('line-through');
  });

  it('shows a pending deposit without a sign and a pending withdrawal as held (−)', () => {
    const { unmount } = renderWithProviders(
      <TransactionAmount tx={makeTransaction({ amount: 50, status: 'Pending', direction: 'in' })} />,
    );
    expect(screen.getByText('$50.00')).not.toHaveClass('line-through');
    unmount();
    renderWithProviders(
      <TransactionAmount
        tx={makeTransaction({ type: 'Withdrawal', amount: 50, status: 'Pending', direction: 'out' })}
      />,
    );
    expect(screen.getByText('-$50.00')).toBeInTheDocument();
  });
});

describe('TransactionAmount of positions and signal trades', () => {
  it('shows the margin out of the balance while a position runs', () => {
    renderWithProviders(
      <TransactionAmount
        tx={makeTransaction({ type: 'Position', amount: 100, status: 'Pending', direction: 'out', pnl: null })}
      />,
    );
    expect(screen.getByText('-$100.00')).toBeInTheDocument();
  });

  it('shows a closed position’s result: a gain + green, a loss − red', () => {
    const { unmount } = renderWithProviders(
      <TransactionAmount
        tx={makeTransaction({ type: 'Position', amount: 100, status: 'Completed', direction: 'out', pnl: 12.34 })}
      />,
    );
    expect(screen.getByText('+$12.34')).toHaveClass('text-success');
    unmount();
    renderWithProviders(
      <TransactionAmount
        tx={makeTransaction({ type: 'Signal', amount: 100, status: 'Completed', direction: 'out', pnl: -5 })}
      />,
    );
    expect(screen.getByText('-$5.00')).toHaveClass('text-danger');
  });
});
