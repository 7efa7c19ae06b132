import { createSignal } from '@meridian/contracts/endpoints/signals';
import type { TQuote } from '@meridian/contracts/market';
import { messageText } from '@meridian/contracts/messages';
import type { TSignal } from '@meridian/contracts/signals';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, refuse, renderWithProviders } from '@/test';
import { CreateSignalPage } from './create-signal-page';

const quote = (pair: TQuote['pair'], mid: number): TQuote => ({
  pair,
  bid: mid,
  ask: mid,
  mid,
  changePct: 0,
  time: new Date().toISOString(),
  stale: false,
  source: 'simulated',
});

function savedSignal(): TSignal {
  const now = Date.now();
  return {
    id: '99999999-9999-4999-8999-999999999999',
    title: 'ETH/USD breakout',
    description: 'Sample',
    asset: 'ETH/USD',
    entryPrice: 2000,
    targetPrice: 2010,
    percentageReturn: 5,
    minEntryAmount: 100,
    scheduleTime: new Date(now + 30 * 60_000).toISOString(),
    closingTime: new Date(now + 240 * 60_000).toISOString(),
    status: 'pending',
    result: null,
    evidence: null,
    settledAt: null,
    participants: 0,
    totalEntries: 0,
    createdAt: new Date(now).toISOString(),
  };
}

const quotes = [quote('BTC/USD', 60_000), quote('ETH/USD', 2000)];

describe('Create Signal', () => {
  it('says what every empty field needs, and sends nothing', async () => {
    const sent = answer(createSignal, () => ({ message: messageText('signals.signalCreated'), signal: savedSignal() }));
    const { user } = renderWithProviders(<CreateSignalPage quotes={quotes} />, {
      session: 'Admin',
      route: '/admin/create-signal',
    });
    await user.click(await screen.findByRole('button', { name: 'Create Signal' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Title')).toHaveAccessibleDescription(messageText('validation.signalTitleRequired')),
    );
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription(
      messageText('validation.descriptionRequired'),
    );
    expect(screen.getByLabelText('Trading pair')).toHaveAccessibleDescription(messageText('validation.assetRequired'));
    expect(screen.getByLabelText('Entry price')).toHaveAccessibleDescription(
      messageText('validation.entryPriceRequired'),
    );
    expect(screen.getByLabelText('Schedule time')).toHaveAccessibleDescription(
      messageText('validation.scheduleTimeRequired'),
    );
    // The minimum entry starts at its default.
    expect(screen.getByLabelText('Minimum entry (USD)')).toHaveValue(100);
    expect(sent).toHaveLength(0);
  });

  it('fills sample data from the chosen pair’s live price, and creates the signal', async () => {
    const sent = answer(createSignal, () => ({ message: messageText('signals.signalCreated'), signal: savedSignal() }));
    const { user, location } = renderWithProviders(<CreateSignalPage quotes={quotes} />, {
      session: 'Admin',
      route: '/admin/create-signal',
    });
    await user.selectOptions(await screen.findByLabelText('Trading pair'), 'ETH/USD');
    expect(screen.getByTestId('signal-live-price')).toHaveTextContent('Live price: 2,000.00');
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Fill Sample Data' }));
    expect(screen.getByLabelText('Title')).toHaveValue('ETH/USD breakout');
    expect(screen.getByLabelText('Entry price')).toHaveValue(2000);
    expect(screen.getByLabelText('Target price')).toHaveValue(2010);
    expect(screen.getByLabelText('Expected return (%)')).toHaveValue(5);
    await user.click(screen.getByRole('button', { name: 'Create Signal' }));
    expect(await screen.findByText('Signal created successfully')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/admin/signal-list'));

    const body = sent[0]?.body;
    expect(body).toMatchObject({
      title: 'ETH/USD breakout',
      asset: 'ETH/USD',
      entryPrice: '2000.00',
      targetPrice: '2010.00',
      percentageReturn: '5',
      minEntryAmount: '100',
    });
    // Tests run in UTC; the times are whole minutes, 30 minutes and 4 hours ahead.
    const minute = Math.floor(before / 60_000) * 60_000;
    expect(body?.scheduleTime).toBe(new Date(minute + 30 * 60_000).toISOString().replace('.000Z', '+00:00'));
    expect(body?.closingTime).toBe(new Date(minute + 240 * 60_000).toISOString().replace('.000Z', '+00:00'));
  });

  it('puts the server’s field errors on the fields', async () => {
    answer(createSignal, () =>
      refuse(400, {
        error: 'VALIDATION',
        key: 'validation.scheduleInPast',
        fieldKeys: { scheduleTime: { key: 'validation.scheduleInPast', params: {} } },
      }),
    );
    const { user } = renderWithProviders(<CreateSignalPage quotes={quotes} />, { session: 'Admin' });
    await user.click(await screen.findByRole('button', { name: 'Fill Sample Data' }));
    await user.click(screen.getByRole('button', { name: 'Create Signal' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Schedule time')).toHaveAccessibleDescription(
        messageText('validation.scheduleInPast'),
      ),
    );
  });

  it('toasts the server’s reason when it refuses the signal', async () => {
    answer(createSignal, () => refuse(400, { error: 'BAD_REQUEST', key: 'errors.badRequest' }));
    const { user } = renderWithProviders(<CreateSignalPage quotes={quotes} />, { session: 'Admin' });
    await user.click(await screen.findByRole('button', { name: 'Fill Sample Data' }));
    await user.click(screen.getByRole('button', { name: 'Create Signal' }));
    expect(await screen.findByText(messageText('errors.badRequest'))).toBeInTheDocument();
  });
});
