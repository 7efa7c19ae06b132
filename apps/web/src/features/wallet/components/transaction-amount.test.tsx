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
