import { getAllOrders } from '@meridian/contracts/endpoints/orders';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, IDS, renderWithProviders } from '@/test';
import { makeOrder, makeQuote } from '../test/fixtures';
import { AdminOrdersPage } from './admin-orders-page';

const USER = { id: IDS.client, firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', username: 'ada' };
const PENDING = makeOrder({ user: USER, takeProfit: 3100 });
const POSITION_ID = '88888888-8888-4888-8888-888888888888';
const FILLED = makeOrder({
  user: USER,
  status: 'filled',
  fillPrice: 2899.5,
  positionId: POSITION_ID,
  endedAt: '2026-01-02T12:30:00.000Z',
});
const QUOTES = [makeQuote({ pair: 'ETH/USD', mid: 3000.2 })];

function renderPage(route = '/admin/pending-orders') {
  const asked = answer(getAllOrders, ({ query }) => ({
    orders: query.get('state') === 'done' ? [FILLED] : [PENDING],
    totalPage: 1,
  }));
  return { ...renderWithProviders(<AdminOrdersPage quotes={QUOTES} />, { session: 'Admin', route }), asked };
}

const tableRows = () => screen.getAllByTestId('admin-order');

describe('Pending Orders (the back office)', () => {
  it('lists every client’s pending orders with the client, the order, its price and the live one, read only', async () => {
    const { asked } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pending Orders' })).toBeInTheDocument();
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(asked[0]?.query.get('state')).toBe('pending');
    const row = tableRows()[0] as HTMLElement;
    const client = within(row).getByRole('link', { name: /Ada Lovelace/ });
    expect(client).toHaveAttribute('href', `/admin/client_details/${IDS.client}`);
    expect(client).toHaveTextContent('ada@example.com');
    expect(row).toHaveTextContent('ETH/USD');
    expect(row).toHaveTextContent('Buy limit');
    expect(row).toHaveTextContent('1:10');
    expect(row).toHaveTextContent('$100.00');
    expect(within(row).getByTestId('order-price')).toHaveTextContent('2,900.00');
    expect(within(row).getByTestId('order-take-profit')).toHaveTextContent('3,100.00');
    expect(within(row).getByTestId('order-current-price')).toHaveTextContent('3,000.20');
    expect(within(row).getByTestId('order-good-until')).toHaveTextContent('Good till cancelled');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows History with how each ended, linking a filled one to its position', async () => {
    const { user, asked } = renderPage();
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    await user.click(screen.getByRole('link', { name: 'History' }));
    await waitFor(() => expect(asked.at(-1)?.query.get('state')).toBe('done'));
    await waitFor(() => expect(within(tableRows()[0] as HTMLElement).getByTestId('order-outcome')).toBeInTheDocument());
    const outcome = within(tableRows()[0] as HTMLElement).getByTestId('order-outcome');
    expect(outcome).toHaveTextContent('Filled at 2,899.50');
    expect(within(outcome).getByRole('link', { name: /View position/ })).toHaveAttribute(
      'href',
      `/admin/position-order/${POSITION_ID}`,
    );
    expect(tableRows()[0]).toHaveTextContent('Jan 2, 2026, 12:30 PM');
  });

  it('says when no order waits', async () => {
    answer(getAllOrders, () => ({ orders: [], totalPage: 0 }));
    renderWithProviders(<AdminOrdersPage quotes={QUOTES} />, { session: 'Admin', route: '/admin/pending-orders' });
    expect(await screen.findByText('No pending orders')).toBeInTheDocument();
    expect(screen.getByText('Limit and stop orders clients place appear here while they wait.')).toBeInTheDocument();
  });
});
