import type { TPriceAlert } from '@meridian/contracts/alerts';
import { createPriceAlert, deletePriceAlert, getPriceAlerts } from '@meridian/contracts/endpoints/alerts';
import type { TQuote } from '@meridian/contracts/market';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, refuse, renderWithProviders } from '@/test';
import { AlertsPage } from './alerts-page';

const QUOTES: TQuote[] = [
  {
    pair: 'BTC/USD',
    bid: 60_000,
    ask: 60_000,
    mid: 60_000,
    changePct: 0,
    time: '2026-01-02T10:00:00.000Z',
    stale: false,
    source: 'simulated',
  },
];

const alert = (overrides: Partial<TPriceAlert> = {}): TPriceAlert => ({
  id: '11111111-1111-4111-8111-111111111111',
  pair: 'BTC/USD',
  direction: 'above',
  price: 61_000,
  repeat: false,
  status: 'active',
  triggerCount: 0,
  lastTriggeredPrice: null,
  lastTriggeredAt: null,
  createdAt: '2026-01-02T09:00:00.000Z',
  ...overrides,
});

function renderPage(alerts: TPriceAlert[] = []) {
  answer(getPriceAlerts, () => ({ alerts }));
  return renderWithProviders(<AlertsPage quotes={QUOTES} />, { session: 'Client', route: '/user/alerts' });
}

async function fill(pair: string, direction: string, price: string, repeat = false) {
  const form = screen.getByTestId('alert-form');
  await userEvent.selectOptions(within(form).getByLabelText('Trading pair'), pair);
  await userEvent.selectOptions(within(form).getByLabelText('When the price'), direction);
  await userEvent.type(within(form).getByLabelText('To the price'), price);
  if (repeat) await userEvent.click(within(form).getByLabelText('Tell me every time it gets there, not just once'));
}

describe('the Price alerts page', () => {
  it('sets an alert with the typed pair, direction, price and repeat', async () => {
    const sent = answer(createPriceAlert, () => ({
      message: 'Alert set',
      alert: alert({ direction: 'below', price: 59_000.5, repeat: true }),
    }));
    renderPage();
    expect(await screen.findByText('No alerts yet')).toBeInTheDocument();
    await fill('BTC/USD', 'below', '59000.5', true);
    expect(screen.getByTestId('alert-live-price')).toHaveTextContent('Price now 60,000.00');
    await userEvent.click(screen.getByRole('button', { name: 'Set alert' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ pair: 'BTC/USD', direction: 'below', price: 59_000.5, repeat: true });
  });

  it('refuses, before sending, a level the live price has already reached', async () => {
    const sent = answer(createPriceAlert, () => ({ message: 'Alert set', alert: alert() }));
    renderPage();
    await screen.findByText('No alerts yet');
    await fill('BTC/USD', 'above', '59000');
    await userEvent.click(screen.getByRole('button', { name: 'Set alert' }));
    expect(
      await screen.findByText('The price is already at or above this level: choose a higher one'),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('shows the server’s refusal on the price field', async () => {
    answer(createPriceAlert, () =>
      refuse(422, {
        error: 'VALIDATION',
        key: 'validation.alertAbovePrice',
        fieldKeys: { price: { key: 'validation.alertAbovePrice', params: {} } },
      }),
    );
    renderPage();
    await screen.findByText('No alerts yet');
    await fill('BTC/USD', 'above', '60000.01');
    await userEvent.click(screen.getByRole('button', { name: 'Set alert' }));
    const field = screen.getByLabelText('To the price');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
  });

  it('lists alerts waiting and reached, and deletes one', async () => {
    const deleted = answer(deletePriceAlert, () => ({ message: 'Alert deleted' }));
    renderPage([
      alert(),
      alert({
        id: '22222222-2222-4222-8222-222222222222',
        direction: 'below',
        price: 55_000,
        repeat: true,
        triggerCount: 2,
        lastTriggeredPrice: 54_990.5,
        lastTriggeredAt: '2026-01-02T11:00:00.000Z',
      }),
    ]);
    const rows = await screen.findAllByTestId('alert-row');
    expect(rows[0]).toHaveTextContent('BTC/USDrises to 61,000.00');
    expect(rows[0]).toHaveTextContent('Waiting');
    expect(rows[1]).toHaveTextContent('falls to 55,000.00');
    expect(rows[1]).toHaveTextContent('Every time');
    expect(rows[1]).toHaveTextContent(/Reached 2 times, last at 54,990\.50 on/);
    await userEvent.click(screen.getByRole('button', { name: 'Delete the alert: BTC/USD rises to 61,000.00' }));
    await waitFor(() => expect(deleted).toHaveLength(1));
    expect(deleted[0]?.params).toEqual({ id: '11111111-1111-4111-8111-111111111111' });
  });
});
