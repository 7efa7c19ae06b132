import { closeOwnPosition, getPosition, setPositionProtection } from '@meridian/contracts/endpoints/positions';
import type { TPosition } from '@meridian/contracts/positions';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { answer, IDS, refuse, renderWithProviders } from '@/test';
import { server } from '@/test/server';
import { makePosition, makeQuote } from '../test/fixtures';
import type { TPriceChartSlotProps } from './position-chart';
import { PositionDetail, type TPositionAudience } from './position-detail';

// The open fixture: an ETH/USD buy of $25.50 at 1:5 from 3,000.30, stop-out 2,400.24, expiring at 14:00.
const OPEN = makePosition();
const CLOSED = makePosition({
  status: 'closed',
  isLoss: true,
  loss: 5,
  exitPrice: 2_882.65,
  exitPriceTime: '2026-01-02T11:30:00.000Z',
  closeReason: 'client',
  closedAt: '2026-01-02T11:30:00.000Z',
});
// 2 January 2026, 10:00 UTC (the tests run with TZ=UTC): four hours before the fixture expires.
const NOW = Date.parse('2026-01-02T10:00:00.000Z');

function renderPage(position: TPosition | null, audience: TPositionAudience = 'client', mid = 3_030.3) {
  const read = answer(getPosition, () =>
    position ? position : refuse(404, { error: 'NOT_FOUND', key: 'errors.positionNotFound' }),
  );
  const quotes = [makeQuote({ pair: 'ETH/USD', mid })];
  const rendered = renderWithProviders(<PositionDetail positionId={OPEN.id} quotes={quotes} audience={audience} />, {
    session: audience === 'client' ? 'Client' : 'Admin',
    route: `/user/positions/${OPEN.id}`,
  });
  return { ...rendered, read };
}

const figure = (testId: string) => screen.getByTestId(testId);

describe('a position’s page', () => {
  it('shows an open position’s terms, live price and unrealised P&L, stop-out distance and countdown', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
    const { read } = renderPage(OPEN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Buy ETH/USD at 1:5' })).toBeInTheDocument();
    expect(read[0]?.params.id).toBe(OPEN.id);
    expect(figure('position-status')).toHaveTextContent('Open');
    // $25.50 × 5 × (3,030.30 − 3,000.30) / 3,000.30 = $1.2749 → +$1.27.
    expect(figure('position-unrealised')).toHaveTextContent('+$1.27');
    expect(figure('position-countdown')).toHaveTextContent('Expires in 04:00:00');
    expect(figure('position-margin')).toHaveTextContent('$25.50');
    expect(figure('position-exposure')).toHaveTextContent('$127.50');
    expect(figure('position-entry')).toHaveTextContent('3,000.30');
    expect(figure('position-current')).toHaveTextContent('3,030.30What it would close at now · Simulated market data');
    // Opened on a spread of 0.20, with no commission.
    expect(figure('position-spread')).toHaveTextContent('0.20It opened at the ask and closes at the bid');
    expect(figure('position-commission')).toHaveTextContent('No commission');
    // 3,030.30 − 2,400.24 = 630.06, 20.79 % of 3,030.30.
    expect(figure('position-stop-out')).toHaveTextContent('2,400.24630.06 (20.79%) below the current price');
    expect(figure('position-expires')).toHaveTextContent('Jan 2, 2026, 2:00 PM');
    expect(screen.queryByTestId('position-exit')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to positions' })).toHaveAttribute('href', '/user/positions');
  });

  it('values a buy at the bid and a sell at the ask, and shows the commission its opening charged', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
    const quotes = [makeQuote({ pair: 'ETH/USD', mid: 3_030.3, bid: 3_030.2, ask: 3_030.4 })];
    const show = (position: TPosition) => {
      answer(getPosition, () => position);
      return renderWithProviders(<PositionDetail positionId={position.id} quotes={quotes} audience="client" />, {
        session: 'Client',
        route: `/user/positions/${position.id}`,
      });
    };
    const buy = show(OPEN);
    // The buy would sell at the bid: $25.50 × 5 × (3,030.20 − 3,000.30) / 3,000.30 = $1.2707 → +$1.27.
    expect(await screen.findByText('Current price (Bid)')).toBeInTheDocument();
    expect(figure('position-current')).toHaveTextContent('3,030.20');
    expect(figure('position-unrealised')).toHaveTextContent('+$1.27');
    // 3,030.20 − 2,400.24 = 629.96, 20.79 % of 3,030.20.
    expect(figure('position-stop-out')).toHaveTextContent('629.96 (20.79%) below the current price');
    buy.unmount();

    // A sell of the same, with a commission: it would buy back at the ask.
    show(makePosition({ type: 'sell', stopOutPrice: 3_600.36, commission: 1.28, spread: null }));
    expect(await screen.findByText('Current price (Ask)')).toBeInTheDocument();
    expect(figure('position-current')).toHaveTextContent('3,030.40');
    // −$25.50 × 5 × (3,030.40 − 3,000.30) / 3,000.30 = −$1.2791 → −$1.28.
    expect(figure('position-unrealised')).toHaveTextContent('-$1.28');
    expect(figure('position-commission')).toHaveTextContent('$1.28Charged when it opened');
    // Opened before bid and ask were kept.
    expect(figure('position-spread')).toHaveTextContent('Not recorded');
  });

  it('follows the live price and the clock', async () => {
    const clock = vi.spyOn(Date, 'now').mockReturnValue(NOW);
    const { rerender } = renderPage(OPEN);
    await screen.findByTestId('position-unrealised');
    // 2,970.30 is 1 % under the entry: −1 % × 5 of $25.50 = −$1.27 (−1.2749…).
    rerender(
      <PositionDetail positionId={OPEN.id} quotes={[makeQuote({ pair: 'ETH/USD', mid: 2_970.3 })]} audience="client" />,
    );
    expect(figure('position-unrealised')).toHaveTextContent('-$1.27');
    expect(figure('position-current')).toHaveTextContent('2,970.30');
    clock.mockReturnValue(NOW + 3_600_000 + 61_000);
    await waitFor(() => expect(figure('position-countdown')).toHaveTextContent('Expires in 02:58:59'), {
      timeout: 2_500,
    });
  });

  it('closes it after the confirmation, with the existing close call', async () => {
    const closed = answer(closeOwnPosition, () => ({
      message: 'Position closed',
      position: { ...CLOSED, isLoss: false, loss: 0, profit: 1.27, exitPrice: 3_030.3 },
    }));
    const { user } = renderPage(OPEN);
    await user.click(await screen.findByRole('button', { name: 'Close position' }));
    const dialog = screen.getByRole('dialog', { name: 'Close this position?' });
    await user.click(within(dialog).getByRole('button', { name: 'Close position' }));
    expect(await screen.findByText('Position closed: +$1.27')).toBeInTheDocument();
    expect(closed).toHaveLength(1);
    expect(closed[0]?.params.id).toBe(OPEN.id);
    expect(closed[0]?.request.headers.get('idempotency-key')).toBeTruthy();
  });

  it('shows a closed position’s exit price, why it closed, its result and when, with nothing to close', async () => {
    renderPage(CLOSED);
    await screen.findByRole('heading', { level: 1, name: 'Buy ETH/USD at 1:5' });
    expect(figure('position-status')).toHaveTextContent('Closed');
    expect(figure('position-result')).toHaveTextContent('Result-$5.00Loss');
    expect(figure('position-exit')).toHaveTextContent('2,882.65At Jan 2, 2026, 11:30 AM');
    expect(figure('position-close-reason')).toHaveTextContent('Closed by you');
    expect(figure('position-closed-at')).toHaveTextContent('Jan 2, 2026, 11:30 AM');
    expect(figure('position-stop-out')).toHaveTextContent('2,400.24');
    expect(screen.queryByTestId('position-unrealised')).not.toBeInTheDocument();
    expect(screen.queryByTestId('position-countdown')).not.toBeInTheDocument();
    expect(screen.queryByTestId('position-current')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close position' })).not.toBeInTheDocument();
  });

  it('shows an admin the client, the reason given for a Close at market, and the way back to Position Management', async () => {
    renderPage(
      {
        ...CLOSED,
        closeReason: 'admin',
        closeNote: 'Risk review of this account',
        user: { id: IDS.client, firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', username: 'ada' },
      },
      'admin',
    );
    await screen.findByRole('heading', { level: 1 });
    expect(figure('position-close-reason')).toHaveTextContent(
      'Closed at market by an adminRisk review of this account',
    );
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Position Management' })).toHaveAttribute(
      'href',
      '/admin/position-order',
    );
  });

  it('says Position not found for another client’s position (404), with the way back', async () => {
    renderPage(null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Position not found' })).toBeInTheDocument();
    expect(screen.getByText('There is no position of yours at this address.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Back to positions' })).toHaveLength(2);
  });

  it('says Error fetching position when it cannot be read, and tries again', async () => {
    answer(getPosition, () => OPEN);
    // The first read fails on the way (the network); the second is answered.
    server.use(http.get(`/api/position/${OPEN.id}`, () => HttpResponse.error(), { once: true }));
    const { user } = renderWithProviders(<PositionDetail positionId={OPEN.id} quotes={[]} audience="client" />, {
      session: 'Client',
    });
    expect(await screen.findByText('Error fetching position')).toBeInTheDocument();
    await act(() => user.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Buy ETH/USD at 1:5' })).toBeInTheDocument();
    // No price yet: no figure that could be misread.
    expect(figure('position-unrealised')).toHaveTextContent('—');
    expect(figure('position-current')).toHaveTextContent('No live price right now');
  });
});

describe('take-profit, stop-loss and no expiry on a position’s page', () => {
  it('shows None for levels not set', async () => {
    renderPage(OPEN);
    await screen.findByRole('heading', { level: 1 });
    expect(figure('position-take-profit')).toHaveTextContent('None');
    expect(figure('position-stop-loss')).toHaveTextContent('None');
  });

  it('shows the levels with what each would make, and No expiry in place of a countdown', async () => {
    renderPage({ ...OPEN, takeProfit: 3100, stopLoss: 2900, expiration: null, expiresAt: null });
    await screen.findByRole('heading', { level: 1 });
    // From its entry at 3,000.30: ±(level − 3,000.30) / 3,000.30 × $127.50.
    expect(figure('position-take-profit')).toHaveTextContent('3,100.00+$4.24 if reached');
    expect(figure('position-stop-loss')).toHaveTextContent('2,900.00-$4.26 if reached');
    expect(figure('position-expires')).toHaveTextContent('No expiry');
    expect(figure('position-countdown')).toHaveTextContent('No expiry');
  });

  it('edits them with Edit TP/SL, and shows what the server saved', async () => {
    const after = { ...OPEN, takeProfit: null, stopLoss: 2950 };
    const saved = answer(setPositionProtection, () => {
      // From now on the position reads with its new levels.
      answer(getPosition, () => after);
      return { message: 'Take-profit and stop-loss saved', position: after };
    });
    const { user } = renderPage({ ...OPEN, takeProfit: 3100 });
    await user.click(await screen.findByRole('button', { name: 'Edit TP/SL' }));
    const dialog = screen.getByRole('dialog', { name: 'Take-profit and stop-loss' });
    await user.clear(within(dialog).getByLabelText('Take-profit'));
    await user.type(within(dialog).getByLabelText('Stop-loss'), '2950');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Take-profit and stop-loss saved')).toBeInTheDocument();
    expect(saved[0]?.params.id).toBe(OPEN.id);
    expect(saved[0]?.body).toEqual({ takeProfit: null, stopLoss: 2950 });
    await waitFor(() => expect(figure('position-stop-loss')).toHaveTextContent('2,950.00'));
    expect(figure('position-take-profit')).toHaveTextContent('None');
  });

  it('says a position closed at its take-profit or stop-loss, to the client and to an admin', async () => {
    renderPage({ ...CLOSED, isLoss: false, loss: 0, profit: 4.24, takeProfit: 3100, closeReason: 'take_profit' });
    await screen.findByRole('heading', { level: 1 });
    expect(figure('position-close-reason')).toHaveTextContent('Take-profit reached');
    expect(figure('position-take-profit')).toHaveTextContent('3,100.00');
    // Closed: nothing to edit, no figure "if reached".
    expect(figure('position-take-profit')).not.toHaveTextContent('if reached');
    expect(screen.queryByRole('button', { name: 'Edit TP/SL' })).not.toBeInTheDocument();
  });

  it('shows its pair’s chart from the slot app/ fills, between its summary and its terms', async () => {
    answer(getPosition, () => ({ ...OPEN, stopLoss: 2900 }));
    const given: TPriceChartSlotProps[] = [];
    const chart = (props: TPriceChartSlotProps) => {
      given.push(props);
      return <div data-testid="fake-chart">{props.children}</div>;
    };
    const quotes = [makeQuote({ pair: 'ETH/USD', mid: 3_030.3 })];
    const { rerender } = renderWithProviders(
      <PositionDetail positionId={OPEN.id} quotes={quotes} audience="client" chart={chart} />,
      { session: 'Client' },
    );
    const section = await screen.findByRole('region', { name: 'ETH/USD, 1-minute candles' });
    expect(figure('position-summary').compareDocumentPosition(section)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(section.compareDocumentPosition(figure('position-facts'))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(given.at(-1)?.lines.map((line) => line.id)).toEqual(['entry', 'sl', 'stopout']);
    expect(given.at(-1)?.onLineDrop).toBeDefined();
    expect(within(section).getByTestId('position-chart-hint')).toHaveTextContent('Drag the SL line to change it');
    // An admin's view of it: the same lines, nothing to drag.
    rerender(<PositionDetail positionId={OPEN.id} quotes={quotes} audience="admin" chart={chart} />);
    expect(given.at(-1)?.onLineDrop).toBeUndefined();
    expect(screen.queryByTestId('position-chart-hint')).not.toBeInTheDocument();
  });

  it('offers an admin no Edit TP/SL', async () => {
    renderPage({ ...OPEN, stopLoss: 2900, closeReason: null }, 'admin');
    await screen.findByRole('heading', { level: 1 });
    expect(figure('position-stop-loss')).toHaveTextContent('2,900.00');
    expect(screen.queryByRole('button', { name: 'Edit TP/SL' })).not.toBeInTheDocument();
  });

  it('tells an admin a stop-loss closed it', async () => {
    renderPage({ ...CLOSED, stopLoss: 2_882.7, closeReason: 'stop_loss' }, 'admin');
    await screen.findByRole('heading', { level: 1 });
    expect(figure('position-close-reason')).toHaveTextContent('Stop-loss reached');
  });
});
