import { editOrder } from '@meridian/contracts/endpoints/orders';
import type { TQuote } from '@meridian/contracts/market';
import type { TOrder } from '@meridian/contracts/orders';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, refuse, renderWithProviders } from '@/test';
import { makeOrder, makeQuote } from '../test/fixtures';
import { EditOrderDialog } from './edit-order-dialog';

// A buy limit at 2,900.00 (1:10: its stop-out would be 2,610.00), ETH/USD at 3,000.20.
const ORDER = makeOrder({ takeProfit: 3100, stopLoss: 2800, goodUntil: '2026-01-05T10:00:00.000Z' });
const QUOTE = makeQuote({ pair: 'ETH/USD', mid: 3000.2 });

function renderDialog(order: TOrder = ORDER, quote: TQuote | undefined = QUOTE) {
  const onClose = vi.fn();
  const rendered = renderWithProviders(<EditOrderDialog order={order} quote={quote} onClose={onClose} />, {
    session: 'Client',
    route: '/user/orders',
  });
  const dialog = screen.getByRole('dialog', { name: 'Edit order' });
  const field = (label: string) => within(dialog).getByLabelText(label);
  return { ...rendered, dialog, field, onClose };
}

describe('Edit order', () => {
  it('holds the order as it is, with the live price, and says where each level goes', async () => {
    const { dialog, field } = renderDialog();
    expect(dialog).toHaveTextContent('Buy limit · ETH/USD · 1:10');
    expect(within(dialog).getByTestId('edit-order-current-price')).toHaveTextContent('3,000.20');
    await waitFor(() => expect(field('Order price')).toHaveFocus());
    expect(field('Order price')).toHaveValue(2900);
    expect(field('Order price')).toHaveAttribute('step', '0.01');
    expect(field('Order price')).toHaveAccessibleDescription(
      'Below the current price: it triggers when the price falls to it',
    );
    expect(field('Take-profit')).toHaveValue(3100);
    expect(field('Take-profit')).toHaveAccessibleDescription('Above the order price');
    expect(field('Stop-loss')).toHaveValue(2800);
    expect(field('Stop-loss')).toHaveAccessibleDescription('Below the order price, above its stop-out');
    const goodUntil = field('Good until');
    expect(goodUntil).toHaveValue('keep');
    expect(Array.from(goodUntil.querySelectorAll('option'), (o) => o.textContent)).toEqual([
      'Keep: Jan 5, 2026, 10:00 AM',
      'Good till cancelled',
      '1 hour',
      '1 day',
      '1 week',
      '1 month',
    ]);
  });

  it('checks the price and the levels as they are typed, against the live price and the order’s price', async () => {
    const sent = answer(editOrder, () => ({ message: 'Order updated', order: ORDER }));
    const { user, field } = renderDialog();
    await user.clear(field('Order price'));
    await user.type(field('Order price'), '3050');
    await waitFor(() =>
      expect(field('Order price')).toHaveAccessibleDescription(
        'This order opens when the price falls to its level: choose a level below the current price',
      ),
    );
    await user.clear(field('Order price'));
    await user.type(field('Order price'), '2750');
    // The stop-loss (2,800.00) is now above the order's price: it would close the position at once.
    await waitFor(() =>
      expect(field('Stop-loss')).toHaveAccessibleDescription(
        'For a buy, the stop-loss must be below the current price',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(sent).toHaveLength(0);
  });

  it('sends every field, a new good-until time from now, and null for an emptied level', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-01-02T12:00:00.000Z'));
    const sent = answer(editOrder, () => ({ message: 'Order updated', order: ORDER }));
    const { user, field, onClose } = renderDialog();
    await user.clear(field('Order price'));
    await user.type(field('Order price'), '2850.25');
    await user.clear(field('Take-profit'));
    await user.selectOptions(field('Good until'), '1 week');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Order updated')).toBeInTheDocument();
    expect(sent[0]?.body).toEqual({
      price: 2850.25,
      takeProfit: null,
      stopLoss: 2800,
      goodUntil: '2026-01-09T12:00:00.000Z',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('shows a refused field on the field', async () => {
    answer(editOrder, () =>
      refuse(422, {
        error: 'VALIDATION',
        key: 'validation.goodUntilPast',
        fieldKeys: { goodUntil: { key: 'validation.goodUntilPast', params: {} } },
      }),
    );
    const { user, field, onClose } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(field('Good until')).toHaveAccessibleDescription('The good-until time must be in the future'),
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says so when the order is no longer pending, or gone', async () => {
    // The later handler answers first: a 409, then a 404.
    answer(editOrder, () => refuse(404, { error: 'NOT_FOUND', key: 'errors.orderNotFound' }));
    answer(editOrder, () => refuse(409, { error: 'CONFLICT', key: 'errors.orderNotPending' }), { once: true });
    const { user, dialog, onClose } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const words = 'This order is no longer pending: it has been filled, cancelled or has expired';
    await waitFor(() => expect(within(dialog).getByText(words)).toBeVisible());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByText('Order not found')).toBeVisible());
    expect(onClose).not.toHaveBeenCalled();
  });

  it('for a sell stop: the price below the live one, the levels the other way round', async () => {
    const { field } = renderDialog(makeOrder({ type: 'sell', kind: 'stop', price: 2950, leverage: 1 }));
    expect(field('Order price')).toHaveAccessibleDescription(
      'Below the current price: it triggers when the price falls to it',
    );
    expect(field('Take-profit')).toHaveAccessibleDescription('Below the order price');
    expect(field('Stop-loss')).toHaveAccessibleDescription('Above the order price, below its stop-out');
    // Good till cancelled: nothing to keep.
    expect(field('Good until')).toHaveValue('gtc');
  });
});
