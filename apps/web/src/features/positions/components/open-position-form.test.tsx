import { refresh } from '@meridian/contracts/endpoints/auth';
import { getBalance } from '@meridian/contracts/endpoints/balances';
import { openPosition } from '@meridian/contracts/endpoints/positions';
import type { TQuote } from '@meridian/contracts/market';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, IDS, makeAuth, makeBalance, refuse, renderWithProviders } from '@/test';
import { makePosition } from '../test/fixtures';
import { OpenPositionForm } from './open-position-form';

const QUOTES: TQuote[] = [
  {
    pair: 'ETH/USD',
    bid: 3000.1,
    ask: 3000.3,
    mid: 3000.2,
    changePct: 1.2,
    time: '2026-01-02T10:00:00.000Z',
    stale: false,
    source: 'simulated',
  },
  {
    pair: 'EUR/USD',
    bid: 1.08,
    ask: 1.08002,
    mid: 1.08001,
    changePct: 0,
    time: '2026-01-02T10:00:00.000Z',
    stale: true,
    source: 'simulated',
  },
];

function renderForm(onOpened = vi.fn()) {
  const rendered = renderWithProviders(<OpenPositionForm userId={IDS.client} quotes={QUOTES} onOpened={onOpened} />, {
    session: 'Client',
    route: '/user',
  });
  return { ...rendered, onOpened };
}

/** Fills the form with a valid position (the margin is `amount`). */
async function fill(user: ReturnType<typeof renderForm>['user'], amount: string) {
  await user.selectOptions(screen.getByLabelText('Trading pair'), 'ETH/USD');
  await user.type(screen.getByLabelText('Amount (USD)'), amount);
  await user.selectOptions(screen.getByLabelText('Leverage'), '1:5');
  await user.selectOptions(screen.getByLabelText('Expiration'), '4 hours');
}

describe('Open New Position', () => {
  it('offers the 10 pairs, the 4 leverages as 1:n and the 12 durations in words, with the balance', async () => {
    answer(getBalance, () => makeBalance({ balance: 750.5 }));
    renderForm();
    await waitFor(() => expect(screen.getByTestId('position-available')).toHaveTextContent('$750.50'));
    const pair = screen.getByLabelText('Trading pair');
    expect(Array.from(pair.querySelectorAll('option:not([disabled])'), (o) => o.textContent)).toHaveLength(10);
    const leverage = screen.getByLabelText('Leverage');
    expect(Array.from(leverage.querySelectorAll('option:not([disabled])'), (o) => o.textContent)).toEqual([
      '1:1',
      '1:2',
      '1:5',
      '1:10',
    ]);
    const expiration = screen.getByLabelText('Expiration');
    const durations = Array.from(expiration.querySelectorAll('option:not([disabled])'), (o) => o.textContent);
    expect(durations).toHaveLength(12);
    expect(durations[0]).toBe('30 minutes');
    expect(durations[11]).toBe('1 year');
    const amount = screen.getByLabelText('Amount (USD)');
    expect(amount).toHaveAttribute('step', '0.01');
    expect(amount).toHaveAttribute('max', '750.5');
  });

  it('shows the chosen pair’s live price, or that it has none', async () => {
    answer(getBalance, () => makeBalance());
    const { user } = renderForm();
    await user.selectOptions(screen.getByLabelText('Trading pair'), 'ETH/USD');
    expect(screen.getByTestId('position-price')).toHaveTextContent('Market price 3,000.20 · Simulated market data');
    await user.selectOptions(screen.getByLabelText('Trading pair'), 'EUR/USD');
    expect(screen.getByTestId('position-price')).toHaveTextContent('No live price for this pair right now');
  });

  it('requires every field before it asks the server', async () => {
    answer(getBalance, () => makeBalance());
    const sent = answer(openPosition, () => ({ message: 'Position opened!', position: makePosition() }));
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('Please select a trading pair')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount (USD)')).toHaveAccessibleDescription('Amount is required');
    expect(screen.getByText('Please select a leverage')).toBeInTheDocument();
    expect(screen.getByText('Please select an expiration')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('refuses a margin above the balance, or of no cents', async () => {
    answer(getBalance, () => makeBalance({ balance: 100 }));
    const sent = answer(openPosition, () => ({ message: 'Position opened!', position: makePosition() }));
    const { user } = renderForm();
    await waitFor(() => expect(screen.getByTestId('position-available')).toHaveTextContent('$100.00'));
    await fill(user, '100.01');
    const amount = screen.getByLabelText('Amount (USD)');
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Insufficient balance'));
    await user.clear(amount);
    await user.type(amount, '0');
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Amount must be greater than 0'));
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    expect(sent).toHaveLength(0);
  });

  it('opens a Sell with the chosen fields and an Idempotency-Key, then says Position opened!', async () => {
    answer(getBalance, () => makeBalance({ balance: 500 }));
    const sent = answer(openPosition, () => ({
      message: 'Position opened!',
      position: makePosition({ type: 'sell' }),
    }));
    const { user, onOpened } = renderForm();
    await fill(user, '25.50');
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    expect(await screen.findByText('Position opened!')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      asset: 'ETH/USD',
      amount: '25.50',
      leverage: '5',
      expiration: '240',
      type: 'sell',
      userId: IDS.client,
    });
    expect(sent[0]?.request.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(onOpened).toHaveBeenCalledWith(expect.objectContaining({ type: 'sell' }));
    // Ready for the next one: the amount is cleared, the choices stay.
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue(null);
    expect(screen.getByLabelText('Trading pair')).toHaveValue('ETH/USD');
  });

  it('shows the server’s words for a 503 (no live price)', async () => {
    answer(getBalance, () => makeBalance());
    answer(openPosition, () =>
      refuse(503, { error: 'UPSTREAM_UNAVAILABLE', key: 'errors.priceStale', params: { pair: 'ETH/USD' } }),
    );
    const { user } = renderForm();
    await fill(user, '10');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    const words =
      'Live prices for ETH/USD are unavailable right now, so nothing can be traded on it. Try again in a moment.';
    await waitFor(() => expect(screen.getAllByText(words).length).toBeGreaterThan(0));
  });

  it('says "Something went wrong, try again later" for anything else', async () => {
    answer(getBalance, () => makeBalance());
    answer(openPosition, () => refuse(403, { error: 'FORBIDDEN', key: 'errors.forbidden' }));
    // A 403 makes the client refresh its session once and try again, as with any 403.
    answer(refresh, () => makeAuth('Client'));
    const { user } = renderForm();
    await fill(user, '10');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(screen.getAllByText('Something went wrong, try again later').length).toBeGreaterThan(0));
  });
});
