import { cancelOrder, editOrder, getOwnOrders } from '@meridian/contracts/endpoints/orders';
import type { TOrder } from '@meridian/contracts/orders';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, IDS, refuse, renderWithProviders } from '@/test';
import { makeOrder, makeQuote } from '../test/fixtures';
import { OrdersPage } from './orders-page';

const PENDING = makeOrder({ takeProfit: 3100, stopLoss: 2800 });
const SELL_STOP = makeOrder({
  id: '77777777-7777-4777-8777-777777777777',
  asset: 'BTC/USD',
  type: 'sell',
  kind: 'stop',
  price: 58_000,
  amount: 250,
  leverage: 2,
  goodUntil: '2026-01-03T10:00:00.000Z',
  createdAt: '2026-01-02T09:00:00.000Z',
});
const POSITION_ID = '88888888-8888-4888-8888-888888888888';
const FILLED = makeOrder({
  status: 'filled',
  fillPrice: 2899.5,
  positionId: POSITION_ID,
  endedAt: '2026-01-02T12:30:00.000Z',
});
const CANCELLED = makeOrder({
  id: '99999999-9999-4999-8999-999999999999',
  status: 'cancelled',
  endedAt: '2026-01-02T11:00:00.000Z',
});
const EXPIRED = makeOrder({
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  kind: 'stop',
  price: 3100,
  status: 'expired',
  goodUntil: '2026-01-02T11:00:00.000Z',
  endedAt: '2026-01-02T11:00:00.000Z',
});
// ETH/USD at 3,000.20; no price for BTC/USD yet.
const QUOTES = [makeQuote({ pair: 'ETH/USD', mid: 3000.2 })];

function renderPage(lists: { pending?: TOrder[]; done?: TOrder[] } = {}, route = '/user/orders') {
  const asked = answer(getOwnOrders, ({ query }) => ({
    orders:
      query.get('state') === 'done'
        ? (lists.done ?? [FILLED, CANCELLED, EXPIRED])
        : (lists.pending ?? [PENDING, SELL_STOP]),
    totalPage: 1,
  }));
  const rendered = renderWithProviders(<OrdersPage userId={IDS.client} quotes={QUOTES} />, {
    session: 'Client',
    route,
  });
  return { ...rendered, asked };
}

/** The rows as the wide table shows them (jsdom applies no media queries: both layouts are in the page). */
const tableRows = () => screen.getAllByTestId('order-row');

describe('the Orders page', () => {
  it('lists the pending orders with their price, the live price, margin, levels and until when they wait', async () => {
    const { asked } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    expect(asked[0]?.query.get('state')).toBe('pending');
    expect(asked[0]?.query.get('page')).toBe('1');
    expect(asked[0]?.query.get('limit')).toBe('10');
    expect(screen.getByRole('link', { name: 'Pending' })).toHaveAttribute('aria-current', 'page');

    const [limit, stop] = tableRows() as [HTMLElement, HTMLElement];
    expect(limit).toHaveTextContent('ETH/USD');
    expect(limit).toHaveTextContent('Buy limit');
    expect(limit).toHaveTextContent('1:10');
    expect(within(limit).getByTestId('order-price')).toHaveTextContent('2,900.00');
    // Heard with the way it waits.
    expect(within(limit).getByTestId('order-price')).toHaveTextContent('triggers when the price falls to it');
    // 3,000.20 now, 100.20 (3.34 %) above the order's price.
    expect(within(limit).getByTestId('order-current-price')).toHaveTextContent('3,000.20');
    expect(limit).toHaveTextContent('3.34% away');
    expect(limit).toHaveTextContent('$100.00');
    expect(within(limit).getByTestId('order-take-profit')).toHaveTextContent('TP Take-profit: 3,100.00');
    expect(within(limit).getByTestId('order-stop-loss')).toHaveTextContent('2,800.00');
    expect(within(limit).getByTestId('order-good-until')).toHaveTextContent('Good till cancelled');
    expect(limit).toHaveTextContent('Jan 2, 2026, 10:00 AM');
    expect(within(limit).getByRole('button', { name: 'Edit the order: Buy limit ETH/USD at 2,900.00' })).toBeVisible();
    expect(
      within(limit).getByRole('button', { name: 'Cancel the order: Buy limit ETH/USD at 2,900.00' }),
    ).toBeVisible();

    expect(stop).toHaveTextContent('Sell stop');
    expect(stop).toHaveTextContent('1:2');
    expect(stop).toHaveTextContent('$250.00');
    expect(stop).toHaveTextContent('None');
    expect(within(stop).getByTestId('order-good-until')).toHaveTextContent('Jan 3, 2026, 10:00 AM');
    // No live BTC/USD price: a dash, with words for a screen reader.
    expect(stop).toHaveTextContent('No live price right now');
    // Cards for a phone hold the same rows.
    expect(screen.getAllByTestId('order-row-card')).toHaveLength(2);
  });

  it('shows History: filled at what price with its position, cancelled, expired, and when each ended', async () => {
    const { user, asked, location } = renderPage();
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    await user.click(screen.getByRole('link', { name: 'History' }));
    await waitFor(() => expect(asked.at(-1)?.query.get('state')).toBe('done'));
    expect(location()).toBe('/user/orders?state=done');
    await waitFor(() => expect(tableRows()).toHaveLength(3));
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page');
    const [filled, cancelled, expired] = tableRows() as [HTMLElement, HTMLElement, HTMLElement];
    const outcome = within(filled).getByTestId('order-outcome');
    expect(outcome).toHaveTextContent('Filled');
    expect(outcome).toHaveTextContent('Filled at 2,899.50');
    expect(within(outcome).getByRole('link', { name: 'View position: Buy limit ETH/USD' })).toHaveAttribute(
      'href',
      `/user/positions/${POSITION_ID}`,
    );
    expect(filled).toHaveTextContent('Jan 2, 2026, 12:30 PM');
    expect(within(cancelled).getByTestId('order-outcome')).toHaveTextContent('Cancelled');
    expect(within(expired).getByTestId('order-outcome')).toHaveTextContent('Expired');
    expect(expired).toHaveTextContent('Buy stop');
    // Nothing to do on an ended order.
    expect(within(filled).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when there are none, and where to place one', async () => {
    renderPage({ pending: [], done: [] });
    expect(await screen.findByText('No pending orders')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the order form' })).toHaveAttribute('href', '/user');
  });

  it('opens on History from its address', async () => {
    const { asked } = renderPage({ done: [] }, '/user/orders?state=done');
    expect(await screen.findByText('No past orders yet')).toBeInTheDocument();
    expect(asked[0]?.query.get('state')).toBe('done');
  });

  it('says Error fetching orders when the list cannot be read, and tries again', async () => {
    answer(getOwnOrders, () => refuse(400, { error: 'BAD_REQUEST', key: 'errors.badRequest' }));
    renderWithProviders(<OrdersPage userId={IDS.client} quotes={QUOTES} />, {
      session: 'Client',
      route: '/user/orders',
    });
    expect(await screen.findByText('Error fetching orders')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeVisible();
  });
});

describe('bid, ask and commission on the Orders page', () => {
  // ETH/USD bid 3,000.10, ask 3,000.30.
  const SPREAD = [makeQuote({ pair: 'ETH/USD', mid: 3000.2, bid: 3000.1, ask: 3000.3 })];

  it('shows each order the side it fills on, and the commission held with its margin', async () => {
    const buy = makeOrder({ commission: 1 });
    const sell = makeOrder({ id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', type: 'sell', price: 3100 });
    answer(getOwnOrders, () => ({ orders: [buy, sell], totalPage: 1 }));
    renderWithProviders(<OrdersPage userId={IDS.client} quotes={SPREAD} />, {
      session: 'Client',
      route: '/user/orders',
    });
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    const [buyRow, sellRow] = tableRows() as [HTMLElement, HTMLElement];
    // A buy limit watches the ask: 3,000.30, 100.30 above 2,900.00: 3.34 % of 3,000.30.
    expect(within(buyRow).getByTestId('order-current-price')).toHaveTextContent('3,000.30');
    expect(buyRow).toHaveTextContent('Ask · 3.34% away');
    expect(within(buyRow).getByTestId('order-commission')).toHaveTextContent('Commission held $1.00');
    // A sell limit watches the bid; no commission, no line for it.
    expect(within(sellRow).getByTestId('order-current-price')).toHaveTextContent('3,000.10');
    expect(sellRow).toHaveTextContent('Bid ·');
    expect(within(sellRow).queryByTestId('order-commission')).not.toBeInTheDocument();
  });

  it('says the commission held comes back with the margin when an order is cancelled', async () => {
    answer(getOwnOrders, () => ({ orders: [makeOrder({ commission: 1 })], totalPage: 1 }));
    const { user } = renderWithProviders(<OrdersPage userId={IDS.client} quotes={SPREAD} />, {
      session: 'Client',
      route: '/user/orders',
    });
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    await user.click(
      screen.getAllByRole('button', { name: 'Cancel the order: Buy limit ETH/USD at 2,900.00' })[0] as HTMLElement,
    );
    expect(await screen.findByRole('dialog', { name: 'Cancel this order?' })).toHaveAccessibleDescription(
      'Buy limit ETH/USD at 2,900.00 stops waiting. Its margin of $100.00 and the commission of $1.00 held with it go back to your balance.',
    );
  });
});

describe('cancelling an order', () => {
  it('asks first, Keep order focused, then cancels it, says so and lists it no more', async () => {
    let cancelled = false;
    answer(getOwnOrders, () => ({ orders: cancelled ? [SELL_STOP] : [PENDING, SELL_STOP], totalPage: 1 }));
    const sent = answer(cancelOrder, ({ params }) => {
      cancelled = true;
      return { message: 'Order cancelled', order: makeOrder({ id: params.id ?? '', status: 'cancelled' }) };
    });
    const { user } = renderWithProviders(<OrdersPage userId={IDS.client} quotes={QUOTES} />, {
      session: 'Client',
      route: '/user/orders',
    });
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    await user.click(
      screen.getAllByRole('button', { name: 'Cancel the order: Buy limit ETH/USD at 2,900.00' })[0] as HTMLElement,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    expect(dialog).toHaveAccessibleDescription(
      'Buy limit ETH/USD at 2,900.00 stops waiting. Its margin of $100.00 goes back to your balance.',
    );
    expect(within(dialog).getByRole('button', { name: 'Keep order' })).toHaveFocus();
    expect(sent).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order cancelled')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.params.id).toBe(PENDING.id);
    expect(sent[0]?.request.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(tableRows()).toHaveLength(1));
  });

  it('keeps it on Keep order, and shows why when the server refuses (filled meanwhile)', async () => {
    answer(getOwnOrders, () => ({ orders: [PENDING], totalPage: 1 }));
    const sent = answer(cancelOrder, () => refuse(409, { error: 'CONFLICT', key: 'errors.orderNotPending' }));
    const { user } = renderWithProviders(<OrdersPage userId={IDS.client} quotes={QUOTES} />, {
      session: 'Client',
      route: '/user/orders',
    });
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    const cancelButton = () =>
      screen.getAllByRole('button', { name: 'Cancel the order: Buy limit ETH/USD at 2,900.00' })[0] as HTMLElement;
    await user.click(cancelButton());
    await user.click(await screen.findByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toHaveLength(0);

    await user.click(cancelButton());
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    const words = 'This order is no longer pending: it has been filled, cancelled or has expired';
    await waitFor(() => expect(within(dialog).getByText(words)).toBeVisible());
    // And in a toast.
    expect(screen.getAllByText(words).length).toBeGreaterThan(1);
  });
});

describe('editing an order from the list', () => {
  it('opens Edit order on it, saves the change, says so and closes', async () => {
    answer(getOwnOrders, () => ({ orders: [PENDING], totalPage: 1 }));
    const sent = answer(editOrder, ({ body }) => ({
      message: 'Order updated',
      order: { ...PENDING, price: body.price, takeProfit: body.takeProfit, stopLoss: body.stopLoss },
    }));
    const { user } = renderWithProviders(<OrdersPage userId={IDS.client} quotes={QUOTES} />, {
      session: 'Client',
      route: '/user/orders',
    });
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    await user.click(
      screen.getAllByRole('button', { name: 'Edit the order: Buy limit ETH/USD at 2,900.00' })[0] as HTMLElement,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit order' });
    const price = within(dialog).getByLabelText('Order price');
    await waitFor(() => expect(price).toHaveFocus());
    await user.clear(price);
    await user.type(price, '2950');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Order updated')).toBeInTheDocument();
    expect(sent[0]?.params.id).toBe(PENDING.id);
    expect(sent[0]?.body).toEqual({ price: 2950, takeProfit: 3100, stopLoss: 2800, goodUntil: null });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
