import type { TEquity } from '@meridian/contracts/balances';
import { getEquity } from '@meridian/contracts/endpoints/balances';
import { closeOwnPosition, getUserPositions, setPositionProtection } from '@meridian/contracts/endpoints/positions';
import type { TPositionList } from '@meridian/contracts/positions';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, IDS, makeEquity, refuse, renderWithProviders } from '@/test';
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

/**
 * The account of the open position: no cash beside its $25.50 of margin, and the buy at −$5.10 at the
 * server's price (2,880.29): a margin level of (25.50 − 5.10) / 25.50 = 80 %, under the margin call.
 */
const EQUITY = makeEquity({
  equity: 20.4,
  cash: 0,
  margin: 25.5,
  tradingAccount: 25.5,
  unrealisedPnl: -5.1,
  positions: [
    {
      id: OPEN.id,
      asset: 'ETH/USD',
      type: 'buy',
      amount: 25.5,
      leverage: 5,
      entryPrice: 3000.3,
      price: 2880.29,
      priceTime: '2026-01-02T10:30:00.000Z',
      unrealisedPnl: -5.1,
    },
  ],
  marginLevel: 80,
  withdrawable: 0,
});

function renderPage(list: Partial<TPositionList> = {}, equity: TEquity = EQUITY) {
  answer(getEquity, () => equity);
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

  it('shows the account’s margin level under the summary cards, at the live quote', async () => {
    const { rerender } = renderPage();
    const margin = await screen.findByTestId('positions-margin');
    // At the live 3,030.30 the buy makes +$1.27: (25.50 + 1.27) / 25.50 = 104.98 %.
    expect(within(margin).getByTestId('margin-level-value')).toHaveTextContent('104.98%');
    expect(within(margin).getByRole('term')).toHaveTextContent('Margin level');
    expect(margin).toHaveTextContent('Margin call at 100%, close-out at 50%');
    expect(within(margin).queryByTestId('margin-level-state')).not.toBeInTheDocument();

    // The quote moves to 3,120.30 (+4 % × 5): +$5.10, 120 %.
    rerender(<PositionsPage userId={IDS.client} quotes={[makeQuote({ pair: 'ETH/USD', mid: 3120.3 })]} />);
    expect(within(margin).getByTestId('margin-level-value')).toHaveTextContent('120.00%');

    // With the quote stale, the server's price counts: 80 %, a margin call.
    rerender(<PositionsPage userId={IDS.client} quotes={[makeQuote({ pair: 'ETH/USD', mid: 3120.3, stale: true })]} />);
    expect(within(margin).getByTestId('margin-level-value')).toHaveTextContent('80.00%');
    expect(within(margin).getByTestId('margin-level-state')).toHaveTextContent('Margin call');
  });

  it('says so when the margin level cannot be read, and lists the positions all the same', async () => {
    answer(getEquity, () => refuse(404, { error: 'NOT_FOUND', key: 'errors.notFound' }));
    answer(getUserPositions, () => ({ positions: [OPEN], totalPage: 1, summary: SUMMARY }));
    renderWithProviders(<PositionsPage userId={IDS.client} quotes={QUOTES} />, { session: 'Client' });
    expect(await screen.findByTestId('positions-margin-error')).toHaveTextContent('Error fetching the margin level');
    expect(screen.queryByTestId('positions-margin')).not.toBeInTheDocument();
    expect(tableRows()).toHaveLength(1);
  });

  it('shows no margin level without an open position', async () => {
    const requests = answer(getEquity, () => makeEquity());
    answer(getUserPositions, () => ({
      positions: [CLOSED_GAIN, CLOSED_LOSS],
      totalPage: 1,
      summary: { ...SUMMARY, open: 0 },
    }));
    renderWithProviders(<PositionsPage userId={IDS.client} quotes={QUOTES} />, { session: 'Client' });
    await screen.findByTestId('positions-summary');
    expect(screen.queryByTestId('positions-margin')).not.toBeInTheDocument();
    expect(screen.queryByText('Margin level')).not.toBeInTheDocument();
    // Nothing to value: the account's equity is not even asked for.
    expect(requests).toHaveLength(0);
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

  it('prices an open buy at the bid and a sell at the ask, and shows the commission its opening charged', async () => {
    const sell = makePosition({ id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', type: 'sell', stopOutPrice: 3600.36 });
    answer(getEquity, () => makeEquity());
    answer(getUserPositions, () => ({
      positions: [{ ...OPEN, commission: 0.13 }, sell],
      totalPage: 1,
      summary: SUMMARY,
    }));
    const quotes = [makeQuote({ pair: 'ETH/USD', mid: 3030.3, bid: 3030.2, ask: 3030.4 })];
    renderWithProviders(<PositionsPage userId={IDS.client} quotes={quotes} />, {
      session: 'Client',
      route: '/user/positions',
    });
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    const [buyRow, sellRow] = tableRows() as [HTMLElement, HTMLElement];
    expect(within(buyRow).getByTestId('position-current-price')).toHaveTextContent('3,030.20');
    expect(buyRow).toHaveTextContent('3,030.20Bid');
    expect(within(buyRow).getByTestId('position-commission')).toHaveTextContent('Commission $0.13');
    expect(within(sellRow).getByTestId('position-current-price')).toHaveTextContent('3,030.40');
    expect(sellRow).toHaveTextContent('3,030.40Ask');
    expect(within(sellRow).queryByTestId('position-commission')).not.toBeInTheDocument();
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

describe('take-profit, stop-loss and no expiry on the Positions page', () => {
  const PROTECTED = makePosition({ takeProfit: 3100, stopLoss: 2900, expiration: null, expiresAt: null });
  const BY_TAKE_PROFIT = makePosition({
    id: '88888888-8888-4888-8888-888888888888',
    status: 'closed',
    profit: 4.24,
    takeProfit: 3100,
    exitPrice: 3100.4,
    closeReason: 'take_profit',
    closedAt: '2026-01-02T11:00:00.000Z',
  });
  const BY_STOP_LOSS = makePosition({
    id: '99999999-9999-4999-8999-999999999999',
    status: 'closed',
    isLoss: true,
    loss: 4.26,
    stopLoss: 2900,
    exitPrice: 2899.9,
    closeReason: 'stop_loss',
    closedAt: '2026-01-02T11:00:00.000Z',
  });
  const renderLevels = () => renderPage({ positions: [PROTECTED, BY_TAKE_PROFIT, BY_STOP_LOSS] });
  const editButton = (row: HTMLElement) =>
    within(row).getByRole('button', { name: /^Edit TP\/SL of the ETH\/USD position/ });

  it('shows the levels set, No expiry, and why a level closed a position', async () => {
    renderLevels();
    await screen.findByTestId('positions-summary');
    const [open, gain, loss] = tableRows() as HTMLElement[];
    expect(within(open as HTMLElement).getByTestId('level-take-profit')).toHaveTextContent('TP Take-profit: 3,100.00');
    expect(within(open as HTMLElement).getByTestId('level-stop-loss')).toHaveTextContent('SL Stop-loss: 2,900.00');
    expect(within(open as HTMLElement).getByTestId('position-expiry')).toHaveTextContent('No expiry');
    expect(editButton(open as HTMLElement)).toBeVisible();
    expect(gain).toHaveTextContent('Take-profit reached');
    expect(loss).toHaveTextContent('Stop-loss reached');
    // Closed positions have nothing to edit.
    expect(within(gain as HTMLElement).queryByRole('button', { name: /^Edit TP\/SL/ })).not.toBeInTheDocument();
  });

  it('edits them from the list: prefilled, checked against the live price, saved as numbers', async () => {
    const saved = answer(setPositionProtection, () => ({
      message: 'Take-profit and stop-loss saved',
      position: { ...PROTECTED, takeProfit: 3200, stopLoss: 2950 },
    }));
    const { user } = renderLevels();
    await screen.findByTestId('positions-summary');
    await user.click(editButton(tableRows()[0] as HTMLElement));
    const dialog = screen.getByRole('dialog', { name: 'Take-profit and stop-loss' });
    const takeProfit = within(dialog).getByLabelText('Take-profit');
    const stopLoss = within(dialog).getByLabelText('Stop-loss');
    expect(takeProfit).toHaveValue(3100);
    expect(stopLoss).toHaveValue(2900);
    await waitFor(() => expect(takeProfit).toHaveFocus());
    expect(within(dialog).getByTestId('protection-current-price')).toHaveTextContent('3,030.30');
    // A buy: the take-profit above the price, the stop-loss below it and above the stop-out (2,400.24);
    // each hint says what the position would make there, from its entry at 3,000.30:
    // ±(level − 3,000.30) / 3,000.30 × $127.50.
    expect(takeProfit).toHaveAccessibleDescription('Above the current price · +$4.24 if reached');
    expect(stopLoss).toHaveAccessibleDescription('Below the current price, above the stop-out · -$4.26 if reached');

    // Above the live price, a buy's stop-loss is refused before anything is sent.
    await user.clear(stopLoss);
    await user.type(stopLoss, '3040');
    await waitFor(() =>
      expect(stopLoss).toHaveAccessibleDescription('For a buy, the stop-loss must be below the current price'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(saved).toHaveLength(0);

    await user.clear(stopLoss);
    await user.type(stopLoss, '2950');
    await user.clear(takeProfit);
    await user.type(takeProfit, '3200');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Take-profit and stop-loss saved')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(saved[0]?.params.id).toBe(PROTECTED.id);
    expect(saved[0]?.body).toEqual({ takeProfit: 3200, stopLoss: 2950 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('removes a level whose field is cleared (null)', async () => {
    const saved = answer(setPositionProtection, () => ({
      message: 'Take-profit and stop-loss saved',
      position: { ...PROTECTED, takeProfit: null },
    }));
    const { user } = renderLevels();
    await screen.findByTestId('positions-summary');
    await user.click(editButton(tableRows()[0] as HTMLElement));
    const dialog = screen.getByRole('dialog', { name: 'Take-profit and stop-loss' });
    await user.clear(within(dialog).getByLabelText('Take-profit'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Take-profit and stop-loss saved');
    expect(saved[0]?.body).toEqual({ takeProfit: null, stopLoss: 2900 });
    expect(saved[0]?.request.headers.get('content-type')).toContain('application/json');
  });

  it('shows the server’s refusal on its field, or in the dialog when the position is gone', async () => {
    let calls = 0;
    answer(setPositionProtection, () =>
      ++calls === 1
        ? refuse(422, {
            error: 'VALIDATION',
            key: 'validation.takeProfitBuy',
            fieldKeys: { takeProfit: { key: 'validation.takeProfitBuy', params: {} } },
          })
        : refuse(409, { error: 'CONFLICT', key: 'errors.positionClosed' }),
    );
    const { user } = renderLevels();
    await screen.findByTestId('positions-summary');
    await user.click(editButton(tableRows()[0] as HTMLElement));
    const dialog = screen.getByRole('dialog', { name: 'Take-profit and stop-loss' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Take-profit')).toHaveAccessibleDescription(
        'For a buy, the take-profit must be above the current price',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This position is already closed')).toBeInTheDocument();
  });
});
