import type { TEquityPosition } from '@meridian/contracts/balances';
import { getEquity } from '@meridian/contracts/endpoints/balances';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, IDS, makeEquity, renderWithProviders } from '@/test';
import { AccountHeader } from './account-header';

/**
 * A client who deposited $1,500: $500 in a plan, a 1:5 BTC buy of $100 (+$5.00 at the server's
 * price), $150 in a signal, $50 on its way out in a pending withdrawal, $700 cash.
 */
const equity = makeEquity({
  equity: 1455,
  cash: 700,
  invested: 500,
  margin: 100,
  stakes: 150,
  tradingAccount: 750,
  unrealisedPnl: 5,
  withdrawable: 700,
  withdrawalHold: 50,
  realisedProfit: 12.5,
  positions: [
    {
      id: IDS.record,
      asset: 'BTC/USD',
      type: 'buy',
      amount: 100,
      leverage: 5,
      entryPrice: 60_000,
      price: 60_600,
      priceTime: '2026-03-04T14:05:00.000Z',
      unrealisedPnl: 5,
    },
  ],
});

describe('AccountHeader', () => {
  it('shows equity with its parts one press away, and withdrawable and the hold apart from it', async () => {
    answer(getEquity, () => equity);
    const { user } = renderWithProviders(<AccountHeader userId={IDS.client} />);

    expect(await screen.findByRole('heading', { name: 'Equity' })).toBeInTheDocument();
    expect(screen.getByTestId('equity')).toHaveTextContent('$1,455.00');
    expect(screen.getByTestId('realised-profit')).toHaveTextContent('Realised profit +$12.50');
    expect(screen.getByTestId('withdrawable')).toHaveTextContent('Available to withdraw$700.00');
    expect(screen.getByTestId('held')).toHaveTextContent('Held for pending withdrawals$50.00');
    expect(screen.getByTestId('held')).toHaveTextContent('Not part of equity');

    const toggle = screen.getByRole('button', { name: 'What makes up equity' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const parts = screen.getByTestId('equity-parts');
    expect(parts).not.toBeVisible();
    expect(toggle).toHaveAttribute('aria-controls', parts.id);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(parts).toBeVisible();
    expect(screen.getByTestId('part-cash')).toHaveTextContent('$700.00');
    expect(screen.getByTestId('part-invested')).toHaveTextContent('In investment plans$500.00');
    expect(screen.getByTestId('part-margin')).toHaveTextContent('Margin of open positions$100.00');
    expect(screen.getByTestId('part-stakes')).toHaveTextContent('In signals$150.00');
    expect(screen.getByTestId('part-unrealised')).toHaveTextContent('+$5.00');
    expect(screen.getByTestId('part-total')).toHaveTextContent('Equity$1,455.00');
    // Nothing was cleared from the trading account, and no order is pending: no such lines.
    expect(screen.queryByTestId('part-cleared')).not.toBeInTheDocument();
    expect(screen.queryByTestId('part-orders')).not.toBeInTheDocument();

    // The keyboard closes it again.
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(parts).not.toBeVisible();
  });

  it('follows live prices, and says "as of" when it only has the server’s', async () => {
    answer(getEquity, () => equity);
    const { rerender } = renderWithProviders(<AccountHeader userId={IDS.client} quotes={[]} />);
    expect(await screen.findByTestId('equity')).toHaveTextContent('$1,455.00');
    expect(screen.getByTestId('equity-pricing')).toHaveTextContent(/Open positions at the last price, as of .*2026/);

    // BTC at 59,400: the buy is at −$5.00, so equity is $10.00 lower.
    rerender(
      <AccountHeader userId={IDS.client} quotes={[{ pair: 'BTC/USD', bid: 59_400, ask: 59_400, stale: false }]} />,
    );
    expect(screen.getByTestId('equity')).toHaveTextContent('$1,445.00');
    expect(screen.getByTestId('part-unrealised')).toHaveTextContent('-$5.00');
    expect(screen.getByTestId('equity-pricing')).toHaveTextContent('Open positions at live prices.');

    // The buy is valued at the side it would close at, the bid: 59,400 whatever the ask.
    rerender(
      <AccountHeader userId={IDS.client} quotes={[{ pair: 'BTC/USD', bid: 59_400, ask: 60_600, stale: false }]} />,
    );
    expect(screen.getByTestId('part-unrealised')).toHaveTextContent('-$5.00');

    rerender(
      <AccountHeader userId={IDS.client} quotes={[{ pair: 'BTC/USD', bid: 59_400, ask: 59_400, stale: true }]} />,
    );
    expect(screen.getByTestId('equity')).toHaveTextContent('$1,455.00');
  });

  it('hides every amount when the page hides them', async () => {
    answer(getEquity, () => equity);
    const { user } = renderWithProviders(<AccountHeader userId={IDS.client} hidden />);
    await user.click(await screen.findByRole('button', { name: 'What makes up equity' }));
    const header = screen.getByTestId('account-header');
    expect(header).not.toHaveTextContent('$');
    expect(screen.getByTestId('equity')).toHaveTextContent('Hidden');
    expect(screen.getByTestId('realised-profit')).toHaveTextContent('Hidden');
  });

  it('shows the margin held for pending orders as a part of equity, when there is any', async () => {
    // $600 cash, $100 in an open position's margin, $250 held by two pending orders.
    answer(getEquity, () =>
      makeEquity({ equity: 950, cash: 600, margin: 100, orders: 250, tradingAccount: 350, withdrawable: 600 }),
    );
    const { user } = renderWithProviders(<AccountHeader userId={IDS.client} />);
    await user.click(await screen.findByRole('button', { name: 'What makes up equity' }));
    expect(screen.getByTestId('part-orders')).toHaveTextContent('Held for pending orders$250.00');
    expect(screen.getByTestId('part-margin')).toHaveTextContent('$100.00');
    expect(screen.getByTestId('part-total')).toHaveTextContent('Equity$950.00');
  });

  it('names what an admin’s balance clear took from the trading account', async () => {
    answer(getEquity, () =>
      makeEquity({ equity: 0, cash: 0, invested: 500, margin: 200, tradingAccount: 0, tradingDifference: -700 }),
    );
    const { user } = renderWithProviders(<AccountHeader userId={IDS.client} />);
    await user.click(await screen.findByRole('button', { name: 'What makes up equity' }));
    expect(screen.getByTestId('part-cleared')).toHaveTextContent('Cleared from trading');
    expect(screen.getByTestId('part-cleared')).toHaveTextContent('-$700.00');
    expect(screen.getByTestId('part-total')).toHaveTextContent('$0.00');
  });

  describe('the margin level', () => {
    /** A 1:10 BTC buy of $100 at 60,000, worth `pnl` at the server's price. */
    const buy = (unrealisedPnl: number): TEquityPosition => ({
      id: IDS.record,
      asset: 'BTC/USD',
      type: 'buy',
      amount: 100,
      leverage: 10,
      entryPrice: 60_000,
      price: null,
      priceTime: '2026-03-04T14:05:00.000Z',
      unrealisedPnl,
    });
    /** $100 in the buy's margin beside `cash`, the buy at `pnl`: margin level (cash + 100 + pnl) %. */
    const account = (cash: number, pnl: number, levels: { marginCallLevel?: number; closeOutLevel?: number } = {}) =>
      makeEquity({
        equity: cash + 100 + pnl,
        cash,
        margin: 100,
        tradingAccount: 100,
        unrealisedPnl: pnl,
        positions: [buy(pnl)],
        marginLevel: cash + 100 + pnl,
        withdrawable: cash,
        ...levels,
      });

    it('shows the level with the operator’s levels, and no warning above the margin call', async () => {
      // The client of the first test: $700 cash, $100 of margin, +$5.00: 805 %.
      answer(getEquity, () => equity);
      renderWithProviders(<AccountHeader userId={IDS.client} />);
      const margin = await screen.findByTestId('margin-level');
      expect(within(margin).getByRole('term')).toHaveTextContent('Margin level');
      expect(screen.getByTestId('margin-level-value')).toHaveTextContent('805.00%');
      expect(margin).toHaveTextContent('Margin call at 100%, close-out at 50%');
      expect(margin).toHaveAttribute('data-state', 'ok');
      expect(screen.queryByTestId('margin-level-state')).not.toBeInTheDocument();
    });

    it('warns "Margin call" below the margin-call level, and "Close-out" below the close-out level', async () => {
      // $10 cash, the buy at −$35.00: (10 + 100 − 35) / 100 = 75 %.
      answer(getEquity, () => account(10, -35));
      const { unmount } = renderWithProviders(<AccountHeader userId={IDS.client} />);
      expect(await screen.findByTestId('margin-level-value')).toHaveTextContent('75.00%');
      expect(screen.getByTestId('margin-level')).toHaveAttribute('data-state', 'call');
      expect(screen.getByTestId('margin-level-state')).toHaveTextContent('Margin call');
      // The badge is the app's warning one: its words, in its colour.
      expect(screen.getByTestId('margin-level-state').parentElement).toHaveClass('text-warning');
      unmount();

      // No cash, the buy at −$55.00: 45 %, under the close-out level.
      answer(getEquity, () => account(0, -55));
      renderWithProviders(<AccountHeader userId={IDS.client} />);
      expect(await screen.findByTestId('margin-level-value')).toHaveTextContent('45.00%');
      expect(screen.getByTestId('margin-level')).toHaveAttribute('data-state', 'closeOut');
      expect(screen.getByTestId('margin-level-state')).toHaveTextContent('Close-out');
      expect(screen.getByTestId('margin-level-state').parentElement).toHaveClass('text-danger');
    });

    it('reads the levels from the answer: the operator may set others', async () => {
      // 105 % is above the default call level, below this operator's 120 %.
      answer(getEquity, () => account(5, 0, { marginCallLevel: 120, closeOutLevel: 80 }));
      renderWithProviders(<AccountHeader userId={IDS.client} />);
      const margin = await screen.findByTestId('margin-level');
      expect(screen.getByTestId('margin-level-value')).toHaveTextContent('105.00%');
      expect(margin).toHaveAttribute('data-state', 'call');
      expect(margin).toHaveTextContent('Margin call at 120%, close-out at 80%');
    });

    it('is left out without an open position', async () => {
      answer(getEquity, () => makeEquity({ marginLevel: null }));
      renderWithProviders(<AccountHeader userId={IDS.client} />);
      expect(await screen.findByTestId('withdrawable')).toBeInTheDocument();
      expect(screen.queryByTestId('margin-level')).not.toBeInTheDocument();
      expect(screen.getByTestId('account-header')).not.toHaveTextContent('Margin level');
    });

    it('follows the live quote, through the margin call to the close-out', async () => {
      // No cash, the buy at $0.00 at the server's price: 100 %, just at the margin-call level.
      answer(getEquity, () => account(0, 0));
      const { rerender } = renderWithProviders(<AccountHeader userId={IDS.client} quotes={[]} />);
      expect(await screen.findByTestId('margin-level-value')).toHaveTextContent('100.00%');
      expect(screen.getByTestId('margin-level')).toHaveAttribute('data-state', 'ok');

      // BTC at 61,200 (+2 % × 10): +$20.00, 120 %.
      rerender(
        <AccountHeader userId={IDS.client} quotes={[{ pair: 'BTC/USD', bid: 61_200, ask: 61_200, stale: false }]} />,
      );
      expect(screen.getByTestId('margin-level-value')).toHaveTextContent('120.00%');
      expect(screen.getByTestId('margin-level')).toHaveAttribute('data-state', 'ok');

      // At 59,000 (−1.67 % × 10): −$16.67, 83.33 %: a margin call.
      rerender(
        <AccountHeader userId={IDS.client} quotes={[{ pair: 'BTC/USD', bid: 59_000, ask: 59_000, stale: false }]} />,
      );
      expect(screen.getByTestId('margin-level-value')).toHaveTextContent('83.33%');
      expect(screen.getByTestId('margin-level-state')).toHaveTextContent('Margin call');

      // At 56,400 (−6 % × 10): −$60.00, 40 %: below the close-out level.
      rerender(
        <AccountHeader userId={IDS.client} quotes={[{ pair: 'BTC/USD', bid: 56_400, ask: 56_400, stale: false }]} />,
      );
      expect(screen.getByTestId('margin-level-value')).toHaveTextContent('40.00%');
      expect(screen.getByTestId('margin-level-state')).toHaveTextContent('Close-out');

      // A stale quote counts for nothing: back to the server's price.
      rerender(
        <AccountHeader userId={IDS.client} quotes={[{ pair: 'BTC/USD', bid: 56_400, ask: 56_400, stale: true }]} />,
      );
      expect(screen.getByTestId('margin-level-value')).toHaveTextContent('100.00%');
    });

    it('writes the level the reader’s way', async () => {
      answer(getEquity, () => account(145.31, 0));
      renderWithProviders(<AccountHeader userId={IDS.client} />, { language: 'fr' });
      const margin = await screen.findByTestId('margin-level');
      expect(within(margin).getByRole('term')).toHaveTextContent('Niveau de marge');
      // A decimal comma, and a (no-break) space before the percent sign.
      expect(screen.getByTestId('margin-level-value')).toHaveTextContent(/^245,31\s%$/);
      expect(margin).toHaveTextContent(/Appel de marge à 100\s%, clôture forcée à 50\s%/);
    });
  });
});
