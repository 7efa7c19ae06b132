import { closePositionAtMarket, getPositions } from '@meridian/contracts/endpoints/positions';
import type { TQuote } from '@meridian/contracts/market';
import { messageText } from '@meridian/contracts/messages';
import type { TPosition } from '@meridian/contracts/positions';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, IDS, refuse, renderWithProviders } from '@/test';
import { PositionManagementPage } from './position-management-page';

const HOUR = 60 * 60 * 1000;

function makePosition(overrides: Partial<TPosition> = {}): TPosition {
  const opened = new Date(Date.now() - HOUR).toISOString();
  return {
    id: '66666666-6666-4666-8666-666666666666',
    asset: 'BTC/USD',
    type: 'buy',
    amount: 100,
    leverage: 10,
    expiration: 240,
    status: 'open',
    isLoss: false,
    loss: 0,
    profit: 0,
    entryPrice: 60_000,
    entryPriceTime: opened,
    spread: 6,
    commission: 0,
    stopOutPrice: 54_000,
    takeProfit: null,
    stopLoss: null,
    expiresAt: new Date(Date.now() + 3 * HOUR).toISOString(),
    exitPrice: null,
    exitPriceTime: null,
    closeReason: null,
    closeNote: null,
    closedAt: null,
    createdAt: opened,
    userId: IDS.client,
    user: { id: IDS.client, firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', username: 'ada' },
    ...overrides,
  };
}

function closed(overrides: Partial<TPosition>): TPosition {
  const at = new Date().toISOString();
  return makePosition({ status: 'closed', exitPriceTime: at, closedAt: at, ...overrides });
}

const quote = (mid: number, stale = false): TQuote => ({
  pair: 'BTC/USD',
  bid: mid,
  ask: mid,
  mid,
  changePct: 0,
  time: new Date().toISOString(),
  stale,
  source: 'simulated',
});

/** Rows as the wide layout lists them (the cards repeat them for small screens). */
const rows = () => screen.getAllByTestId('admin-position');

describe('Position Management', () => {
  it('lists positions with their live unrealised P&L, and what closed ones say', async () => {
    answer(getPositions, () => ({
      positions: [
        makePosition(),
        closed({
          id: '77777777-7777-4777-8777-777777777777',
          isLoss: true,
          loss: 40,
          exitPrice: 57_600,
          closeReason: 'admin',
          closeNote: 'Suspicious activity',
        }),
        closed({ id: '88888888-8888-4888-8888-888888888888', profit: 12.5, exitPrice: 60_750, closeReason: 'expired' }),
      ],
      totalPage: 1,
    }));
    renderWithProviders(<PositionManagementPage quotes={[quote(60_600)]} connected />, {
      session: 'Admin',
      route: '/admin/position-order',
    });
    expect(await screen.findByRole('heading', { name: 'Position Management' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [open, lost, gained] = rows() as [HTMLElement, HTMLElement, HTMLElement];
    expect(open).toHaveTextContent('Ada Lovelace');
    expect(open).toHaveTextContent('1:10');
    expect(open).toHaveTextContent('60,000.00');
    expect(open).toHaveTextContent('+$10.00');
    expect(open).toHaveTextContent('Unrealised (live)');
    expect(within(open).getByRole('button', { name: /Close at market/ })).toBeEnabled();

    expect(lost).toHaveTextContent('-$40.00');
    expect(lost).toHaveTextContent('Realised');
    expect(lost).toHaveTextContent('Closed at market by an admin');
    expect(lost).toHaveTextContent('Suspicious activity');
    expect(within(lost).getByRole('button', { name: /Already Loss/ })).toBeDisabled();

    expect(gained).toHaveTextContent('+$12.50');
    expect(gained).toHaveTextContent('Expired');
    expect(within(gained).getByRole('button', { name: /^Closed/ })).toBeDisabled();
  });

  it('shows the take-profit and stop-loss, No expiry, and a close by a level', async () => {
    answer(getPositions, () => ({
      positions: [
        makePosition({ takeProfit: 66_000, stopLoss: 57_000.5, expiration: null, expiresAt: null }),
        closed({
          id: '77777777-7777-4777-8777-777777777777',
          profit: 10,
          exitPrice: 66_000,
          closeReason: 'take_profit',
        }),
        closed({
          id: '88888888-8888-4888-8888-888888888888',
          isLoss: true,
          loss: 5,
          exitPrice: 57_000,
          closeReason: 'stop_loss',
        }),
      ],
      totalPage: 1,
    }));
    renderWithProviders(<PositionManagementPage quotes={[quote(60_600)]} connected />, { session: 'Admin' });
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [open, byTakeProfit, byStopLoss] = rows() as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(open).getByTestId('level-take-profit')).toHaveTextContent('66,000.00');
    expect(within(open).getByTestId('level-stop-loss')).toHaveTextContent('57,000.50');
    expect(within(open).getByTestId('position-expiry')).toHaveTextContent('No expiry');
    expect(byTakeProfit).toHaveTextContent('Take-profit reached');
    expect(byStopLoss).toHaveTextContent('Stop-loss reached');
    expect(within(byStopLoss).queryByTestId('level-take-profit')).not.toBeInTheDocument();
  });

  it('follows the live price in an open position’s unrealised P&L', async () => {
    answer(getPositions, () => ({ positions: [makePosition()], totalPage: 1 }));
    const { rerender } = renderWithProviders(<PositionManagementPage quotes={[quote(60_600)]} connected />, {
      session: 'Admin',
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    const pnl = () => within(rows()[0] as HTMLElement).getByTestId('position-pnl');
    // $100 × 10 × (60,600 − 60,000) / 60,000 = +$10.00; then 1 % under the entry, −$10.00.
    expect(pnl()).toHaveTextContent('+$10.00Unrealised (live)');
    rerender(<PositionManagementPage quotes={[quote(59_400)]} connected />);
    expect(pnl()).toHaveTextContent('-$10.00Unrealised (live)');
  });

  it('has no unrealised figure on a stale price', async () => {
    answer(getPositions, () => ({ positions: [makePosition()], totalPage: 1 }));
    renderWithProviders(<PositionManagementPage quotes={[quote(60_600, true)]} connected={false} />, {
      session: 'Admin',
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0] as HTMLElement).getByTestId('position-pnl')).toHaveTextContent('—');
    expect(screen.getByTestId('positions-live')).toHaveTextContent('Live prices unavailable');
  });

  it('says when there are none, and when they cannot be loaded', async () => {
    answer(getPositions, () => ({ positions: [], totalPage: 0 }), { once: true });
    const { unmount } = renderWithProviders(<PositionManagementPage quotes={[]} connected />, { session: 'Admin' });
    expect(await screen.findByText('No positions found')).toBeInTheDocument();
    unmount();
    answer(getPositions, () => refuse(400, { error: 'BAD_REQUEST', key: 'errors.badRequest' }));
    renderWithProviders(<PositionManagementPage quotes={[]} connected />, { session: 'Admin' });
    expect(await screen.findByText('Error fetching positions')).toBeInTheDocument();
  });

  it('closes an open position at market only with a reason, and says so', async () => {
    const position = makePosition();
    answer(getPositions, () => ({ positions: [position], totalPage: 1 }));
    const sent = answer(closePositionAtMarket, ({ body }) => ({
      message: messageText('positions.positionClosedAtMarket'),
      position: closed({
        profit: 10,
        exitPrice: 60_600,
        closeReason: 'admin',
        closeNote: typeof body.reason === 'string' ? body.reason : null,
      }),
    }));
    const { user } = renderWithProviders(<PositionManagementPage quotes={[quote(60_600)]} connected />, {
      session: 'Admin',
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(within(rows()[0] as HTMLElement).getByTestId('position-close'));
    const dialog = await screen.findByRole('dialog', { name: 'Close the BTC/USD position at market' });
    expect(within(dialog).getByTestId('close-current-price')).toHaveTextContent('60,600.00');
    await user.click(within(dialog).getByRole('button', { name: 'Close at market' }));
    const reason = within(dialog).getByLabelText('Reason for closing');
    await waitFor(() => expect(reason).toHaveAccessibleDescription(messageText('validation.closeReasonRequired')));
    expect(sent).toHaveLength(0);
    await user.type(reason, 'Client asked by phone');
    await user.click(within(dialog).getByRole('button', { name: 'Close at market' }));
    expect(await within(dialog).findByText(/Position closed at market/)).toBeInTheDocument();
    expect(sent.map(({ params, body }) => ({ params, body }))).toEqual([
      { params: { id: position.id }, body: { reason: 'Client asked by phone' } },
    ]);
    expect(sent[0]?.request.headers.get('idempotency-key')).toBeTruthy();
  });

  it('shows the server’s reason when the close is refused: already closed, no live price', async () => {
    answer(getPositions, () => ({ positions: [makePosition()], totalPage: 1 }));
    answer(closePositionAtMarket, () => refuse(409, { error: 'CONFLICT', key: 'errors.positionClosed' }), {
      once: true,
    });
    const { user } = renderWithProviders(<PositionManagementPage quotes={[quote(60_600)]} connected />, {
      session: 'Admin',
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(within(rows()[0] as HTMLElement).getByTestId('position-close'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason for closing'), 'Risk');
    await user.click(within(dialog).getByRole('button', { name: 'Close at market' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messageText('errors.positionClosed'));

    answer(closePositionAtMarket, () =>
      refuse(503, { error: 'UPSTREAM_UNAVAILABLE', key: 'errors.priceStale', params: { pair: 'BTC/USD' } }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close at market' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        messageText('errors.priceStale', { pair: 'BTC/USD' }),
      ),
    );
  });
});
