import { getUserPositions } from '@meridian/contracts/endpoints/positions';
import { screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { answer, IDS, renderWithProviders } from '@/test';
import { makePosition, makeQuote } from '../test/fixtures';
import { LatestPositions } from './latest-positions';

const OPEN = makePosition({ takeProfit: 3_100 });
const CLOSED = makePosition({
  id: '77777777-7777-4777-8777-777777777777',
  status: 'closed',
  isLoss: true,
  loss: 5,
  exitPrice: 2_882.65,
  closeReason: 'client',
  closedAt: '2026-01-02T11:30:00.000Z',
});

it('shows an open position’s unrealised P&L on the dashboard as the Positions page does, following the live price', async () => {
  answer(getUserPositions, () => ({
    positions: [OPEN, CLOSED],
    totalPage: 1,
    summary: { tradingPairs: 1, totalProfit: 0, totalLoss: 5, netPnl: -5, open: 1 },
  }));
  const quotes = (mid: number) => [makeQuote({ pair: 'ETH/USD', mid })];
  const { rerender } = renderWithProviders(<LatestPositions userId={IDS.client} quotes={quotes(3_030.3)} />, {
    session: 'Client',
  });
  await waitFor(() => expect(screen.getAllByTestId('latest-position')).toHaveLength(2));
  const [open, closed] = screen.getAllByTestId('latest-position') as [HTMLElement, HTMLElement];
  // Pending, with what it would make now: $25.50 × 5 × (3,030.30 − 3,000.30) / 3,000.30 = +$1.27.
  expect(open).toHaveTextContent('Pending');
  expect(within(open).getByTestId('position-unrealised')).toHaveTextContent('Unrealised +$1.27');
  expect(within(open).getByTestId('level-take-profit')).toHaveTextContent('3,100.00');
  expect(within(closed).getByTestId('position-result')).toHaveTextContent('Loss-$5.00');

  // A new price: the figure follows it, 1 % under the entry now.
  rerender(<LatestPositions userId={IDS.client} quotes={quotes(2_970.3)} />);
  expect(within(open).getByTestId('position-unrealised')).toHaveTextContent('Unrealised -$1.27');
  // No fresh price: a dash rather than a figure that could be misread.
  rerender(
    <LatestPositions userId={IDS.client} quotes={[makeQuote({ pair: 'ETH/USD', mid: 2_970.3, stale: true })]} />,
  );
  expect(within(open).getByTestId('position-unrealised')).toHaveTextContent('Unrealised —');
});

it('values an open buy at the bid, and names the commission its opening charged', async () => {
  answer(getUserPositions, () => ({
    positions: [{ ...OPEN, commission: 0.13 }, CLOSED],
    totalPage: 1,
    summary: { tradingPairs: 1, totalProfit: 0, totalLoss: 5, netPnl: -5, open: 1 },
  }));
  // Bid 3,029.00, ask 3,031.60: the buy would sell at the bid, $127.50 × 28.70 / 3,000.30 = +$1.22
  // (at the mid it would be +$1.27).
  const quotes = [makeQuote({ pair: 'ETH/USD', mid: 3_030.3, bid: 3_029, ask: 3_031.6 })];
  renderWithProviders(<LatestPositions userId={IDS.client} quotes={quotes} />, { session: 'Client' });
  await waitFor(() => expect(screen.getAllByTestId('latest-position')).toHaveLength(2));
  const [open, closed] = screen.getAllByTestId('latest-position') as [HTMLElement, HTMLElement];
  expect(within(open).getByTestId('position-unrealised')).toHaveTextContent('Unrealised +$1.22');
  expect(within(open).getByTestId('position-commission')).toHaveTextContent('Commission $0.13');
  expect(open).toHaveTextContent('$25.50 · Commission $0.13 · Jan 2, 2026');
  // None charged: nothing said.
  expect(within(closed).queryByTestId('position-commission')).not.toBeInTheDocument();
});
