import { closeOwnPosition, getUserPositions } from '@meridian/contracts/endpoints/positions';
import type { TPositionList } from '@meridian/contracts/positions';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, IDS, refuse, renderWithProviders } from '@/test';
import { makePosition, makeQuote } from '../test/fixtures';
import { PositionsPage } from './positions-page';

const OPEN = makePosition();
const CLOSED_GAIN = makePosition({
  id: '66666666-6666-4666-8666-666666666666',
  asset: 'BTC/USD',
  type: 'sell',
  amount: 100,
  leverage: 2,
  status: 'closed',
  profit: 12.34,
  entryPrice: 60_000,
  exitPrice: 56_298,
  closeReason: 'expired',
  closedAt: '2026-01-02T11:00:00.000Z',
  createdAt: '2026-01-02T09:00:00.000Z',
});
const CLOSED_LOSS = makePosition({
  id: '77777777-7777-4777-8777-777777777777',
  status: 'closed',
  isLoss: true,
  loss: 5,
  closeReason: 'client',
  createdAt: '2026-01-02T08:00:00.000Z',
});
const SUMMARY = { tradingPairs: 2, totalProfit: 12.34, totalLoss: 5, netPnl: 7.34, open: 1 };
const QUOTES = [makeQuote({ pair: 'ETH/USD', mid: 3030.3 })];

function renderPage(list: Partial<TPositionList> = {}) {
  answer(getUserPositions, () => ({
    positions: [OPEN, CLOSED_GAIN, CLOSED_LOSS],
    totalPage: 1,
    summary: SUMMARY,
    ...list,
  }));
  return renderWithProviders(<PositionsPage userId={IDS.client} quotes={QUOTES} />, {
    session: 'Client',
    route: '/user/positions',
  });
}

/** The rows as the wide table shows them (jsdom applies no media queries: both layouts are in the page). */
const tableRows = () => screen.getAllByTestId('position-row');

describe('the Positions page', () => {
  it('shows the four summary cards', async () => {
    renderPage();
    const summary = await screen.findByTestId('positions-summary');
    expect(within(summary).getByTestId('summary-pairs')).toHaveTextContent('Trading Pairs2');
    expect(within(summary).getByTestId('summary-profit')).toHaveTextContent('Total Profit+$12.34');
    expect(within(summary).getByTestId('summary-loss')).toHaveTextContent('Total Loss-$5.00');
    expect(within(summary).getByTestId('summary-net')).toHaveTextContent('Net P&L+$7.34');
  });

  it('badges an open position Open, its P&L Pending with its live unrealised figure, and closed ones Gain or Loss', async () => {
    renderPage();
    await screen.findByTestId('positions-summary');
    const [open, gain, loss] = tableRows();
    expect(open).toHaveTextContent('ETH/USD');
    expect(open).toHaveTextContent('1:5');
    expect(within(open as HTMLElement).getByTestId('position-unrealised')).toHaveTextContent('Unrealised +$1.27');
    // The status is a badge that says Open; Pending is only the P&L's word, not a badge.
    const badges = (row: HTMLElement) => Array.from(row.querySelectorAll('.rounded-full.border'), (b) => b.textContent);
    expect(badges(open as HTMLElement)).toContain('Open');
    expect(badges(open as HTMLElement)).not.toContain('Pending');
    expect(open).toHaveTextContent('Pending');
    expect(within(open as HTMLElement).getByRole('button', { name: /^Close the ETH\/USD position/ })).toBeVisible();

    expect(within(gain as HTMLElement).getByTestId('position-result')).toHaveTextContent('Gain+$12.34');
    expect(gain).toHaveTextContent('Expired');
    expect(within(gain as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    expect(within(loss as HTMLElement).getByTestId('position-result')).toHaveTextContent('Loss-$5.00');
    expect(loss).toHaveTextContent('Closed by you');
  });

  it('shows the current price and the stop-out price, and links Details to the position’s own page', async () => {
    renderPage();
    await screen.findByTestId('positions-summary');
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    // Type and leverage sit in the pair's cell (docs/deviations.md).
    expect(headers).toEqual(['Pair', 'Amount', 'Current price', 'Stop-out', 'Status', 'P&L', 'Open Time', 'Actions']);
    const [open, gain] = tableRows() as HTMLElement[];
    // Open: the live mid, and the stop-out 630.06 under it: 630.06 / 3,030.30 = 20.79 %.
    expect(within(open as HTMLElement).getByTestId('position-current-price')).toHaveTextContent('3,030.30');
    expect(within(open as HTMLElement).getByTestId('position-stop-out-price')).toHaveTextContent('2,400.24');
    expect(open).toHaveTextContent('20.79% away');
    // Closed: the exit price in place of a live one.
    expect(gain).toHaveTextContent('Exit 56,298.00');
    const details = within(open as HTMLElement).getByRole('link', { name: /^Details of the ETH\/USD position/ });
    expect(details).toHaveAttribute('href', `/user/positions/${OPEN.id}`);
    expect(within(gain as HTMLElement).getByRole('link', { name: /^Details/ })).toHaveAttribute(
      'href',
      `/user/positions/${CLOSED_GAIN.id}`,
    );
  });

  it('says so when there are no positions, and offers Open Trade', async () => {
    renderPage({ positions: [], totalPage: 0, summary: { ...SUMMARY, tradingPairs: 0 } });
    expect(await screen.findByText('No positions found')).toBeInTheDocument();
    expect(screen.getByText('Open your first position to start trading')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Open Trade' })).toHaveLength(2);
    expect(screen.queryByRole('navigation', { name: /pag/i })).not.toBeInTheDocument();
  });

  it('says Error fetching positions when they cannot be read', async () => {
    answer(getUserPositions, () => refuse(404, { error: 'NOT_FOUND', key: 'errors.notFound' }));
    renderWithProviders(<PositionsPage userId={IDS.client} quotes={QUOTES} />, { session: 'Client' });
    expect(await screen.findByText('Error fetching positions')).toBeInTheDocument();
  });

  it('pages with Previous and Next when there is more than one page', async () => {
    const { user } = renderPage({ totalPage: 2 });
    await screen.findByTestId('positions-summary');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('pager-status')).toHaveTextContent('Page 2 of 2'));
  });

  it('closes an open position at market after the confirmation', async () => {
    const closed = answer(closeOwnPosition, () => ({
      message: 'Position closed',
      position: makePosition({ status: 'closed', profit: 1.27, closeReason: 'client', exitPrice: 3030.3 }),
    }));
    const { user } = renderPage();
    await screen.findByTestId('positions-summary');
    const [open] = tableRows();
    await user.click(within(open as HTMLElement).getByRole('button', { name: /^Close the ETH\/USD position/ }));
    const dialog = screen.getByRole('dialog', { name: 'Close this position?' });
    expect(dialog).toHaveTextContent('closes now at the current market price');
    await user.click(within(dialog).getByRole('button', { name: 'Close position' }));
    expect(await screen.findByText('Position closed: +$1.27')).toBeInTheDocument();
    expect(closed).toHaveLength(1);
    expect(closed[0]?.params.id).toBe(OPEN.id);
    expect(closed[0]?.request.headers.get('idempotency-key')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the dialog open with the server’s words when the position was already closed', async () => {
    answer(closeOwnPosition, () => refuse(409, { error: 'CONFLICT', key: 'errors.positionClosed' }));
    const { user } = renderPage();
    await screen.findByTestId('positions-summary');
    const [open] = tableRows();
    await user.click(within(open as HTMLElement).getByRole('button', { name: /^Close the ETH\/USD position/ }));
    const dialog = screen.getByRole('dialog', { name: 'Close this position?' });
    await user.click(within(dialog).getByRole('button', { name: 'Close position' }));
    expect(await within(dialog).findByText('This position is already closed')).toBeInTheDocument();
  });
});
