import { getBalance } from '@meridian/contracts/endpoints/balances';
import { getActiveSignals } from '@meridian/contracts/endpoints/signals';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, IDS, makeBalance, refuse, renderWithProviders } from '@/test';
import { makeSignal } from '../test/fixtures';
import { SignalsPage } from './signals-page';

const card = (title: string) => screen.getByRole('article', { name: title });

function renderPage() {
  return renderWithProviders(<SignalsPage userId={IDS.client} />, { session: 'Client', route: '/user/signals' });
}

describe('the Trading Signals page', () => {
  it('counts down to a pending signal’s opening and offers Join; an open one no longer takes entries', async () => {
    const now = Date.now();
    answer(getActiveSignals, () => ({
      signals: [
        makeSignal({ title: 'Soon' }, now),
        makeSignal(
          {
            id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
            title: 'Running',
            status: 'active',
            scheduleTime: new Date(now - 60_000).toISOString(),
            closingTime: new Date(now + 2 * 3_600_000).toISOString(),
          },
          now,
        ),
        makeSignal({ id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', title: 'Mine', joined: true }, now),
      ],
    }));
    renderPage();
    const soon = await screen.findByRole('article', { name: 'Soon' });
    expect(within(soon).getByTestId('signal-countdown')).toHaveTextContent(/^Opens in (00:59:5\d|01:00:00)$/);
    expect(within(soon).getByRole('button', { name: 'Join' })).toBeVisible();
    expect(soon).toHaveTextContent('3,000.00');
    expect(soon).toHaveTextContent('3,150.00');
    expect(soon).toHaveTextContent('12.5%');
    expect(soon).toHaveTextContent('$100.00');

    const running = card('Running');
    expect(within(running).getByTestId('signal-countdown')).toHaveTextContent(/^Closes in (01:59:5\d|02:00:00)$/);
    expect(within(running).queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
    expect(running).toHaveTextContent('Joining closed');

    expect(within(card('Mine')).getByText('Joined')).toBeInTheDocument();
    expect(within(card('Mine')).queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
  });

  it('shows EXPIRED when a signal closes, and reloads the list', async () => {
    const now = Date.now();
    const asked = answer(getActiveSignals, () => ({
      signals: [
        makeSignal(
          {
            title: 'Ending',
            status: 'active',
            scheduleTime: new Date(now - 60_000).toISOString(),
            closingTime: new Date(now + 1_500).toISOString(),
          },
          now,
        ),
      ],
    }));
    renderPage();
    const ending = await screen.findByRole('article', { name: 'Ending' });
    expect(within(ending).getByTestId('signal-countdown')).toHaveTextContent(/^Closes in 00:00:0[12]$/);
    await waitFor(() => expect(within(card('Ending')).getByTestId('signal-countdown')).toHaveTextContent('EXPIRED'), {
      timeout: 4_000,
    });
    await waitFor(() => expect(asked).toHaveLength(2));
  });

  it('opens the join dialog from Join', async () => {
    answer(getActiveSignals, () => ({ signals: [makeSignal()] }));
    answer(getBalance, () => makeBalance());
    const { user } = renderPage();
    const signal = await screen.findByRole('article', { name: 'ETH breakout' });
    await user.click(within(signal).getByRole('button', { name: 'Join' }));
    const dialog = screen.getByRole('dialog', { name: 'Join ETH breakout' });
    expect(within(dialog).getByLabelText('Entry amount')).toHaveFocus();
  });

  it('says when there is nothing to join, and when the list cannot be read', async () => {
    answer(getActiveSignals, () => ({ signals: [] }), { once: true });
    const { unmount } = renderPage();
    expect(await screen.findByText('No active signals right now')).toBeInTheDocument();
    unmount();
    answer(getActiveSignals, () => refuse(400, { error: 'BAD_REQUEST', key: 'errors.badRequest' }));
    renderPage();
    expect(await screen.findByText('Failed to fetch signals')).toBeInTheDocument();
  });
});
