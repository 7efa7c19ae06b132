import { getAllSignals, getSignalEvidence, setSignalResult } from '@meridian/contracts/endpoints/signals';
import { messageText } from '@meridian/contracts/messages';
import type { TSignal, TSignalEvidence } from '@meridian/contracts/signals';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, refuse, renderWithProviders } from '@/test';
import { SignalListPage } from './signal-list-page';

const MINUTE = 60_000;
const at = (offsetMinutes: number) => new Date(Math.floor(Date.now() / MINUTE) * MINUTE + offsetMinutes * MINUTE);

function makeSignal(overrides: Partial<TSignal> = {}): TSignal {
  return {
    id: '99999999-9999-4999-8999-999999999999',
    title: 'BTC breakout',
    description: 'Above resistance',
    asset: 'BTC/USD',
    entryPrice: 60_000,
    targetPrice: 60_300,
    percentageReturn: 7.5,
    minEntryAmount: 100,
    scheduleTime: at(-60).toISOString(),
    closingTime: at(60).toISOString(),
    status: 'active',
    result: null,
    evidence: null,
    settledAt: null,
    participants: 2,
    totalEntries: 350,
    createdAt: at(-120).toISOString(),
    ...overrides,
  };
}

function makeEvidence(overrides: Partial<TSignalEvidence> = {}): TSignalEvidence {
  return {
    direction: 'up',
    extremePrice: 60_412.5,
    extremeTime: at(-20).toISOString(),
    touchedAt: at(-25).toISOString(),
    candles: 59,
    until: at(-1).toISOString(),
    result: 'gain',
    ...overrides,
  };
}

describe('Signal list', () => {
  it('shows every signal with its figures, status and result', async () => {
    answer(getAllSignals, () => ({
      signals: [
        makeSignal(),
        makeSignal({
          id: '88888888-8888-4888-8888-888888888888',
          title: 'EUR dip',
          asset: 'EUR/USD',
          entryPrice: 1.085,
          targetPrice: 1.08,
          status: 'completed',
          result: 'loss',
          evidence: makeEvidence({ direction: 'down', result: 'loss', touchedAt: null, extremePrice: 1.0821 }),
          settledAt: at(-1).toISOString(),
          participants: 0,
          totalEntries: 0,
        }),
        makeSignal({ id: '77777777-7777-4777-8777-777777777777', title: 'SOL soon', status: 'pending' }),
      ],
    }));
    renderWithProviders(<SignalListPage />, { session: 'Admin', route: '/admin/signal-list' });
    const cards = await screen.findAllByTestId('admin-signal');
    const [active, settled, pending] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(active).toHaveTextContent('BTC breakout');
    expect(active).toHaveTextContent('60,300.00');
    expect(active).toHaveTextContent('7.5%');
    expect(active).toHaveTextContent('$350.00');
    expect(within(active).getByTestId('signal-participants')).toHaveTextContent('2');
    expect(active).toHaveTextContent('Active');
    expect(active).toHaveTextContent('Not settled');
    expect(within(active).getByRole('button', { name: /Settle/ })).toBeInTheDocument();

    expect(settled).toHaveTextContent('Completed');
    expect(settled).toHaveTextContent('Loss');
    expect(within(settled).queryByRole('button', { name: /Settle/ })).toBeNull();
    expect(within(settled).getByTestId('signal-stored-evidence')).toHaveTextContent('Lowest price reached');
    expect(within(settled).getByTestId('evidence-touched')).toHaveTextContent('Not touched');

    expect(pending).toHaveTextContent('Pending');
    expect(within(pending).queryByRole('button', { name: /Settle/ })).toBeNull();
  });

  it('says when there are none, and when they cannot be loaded', async () => {
    answer(getAllSignals, () => ({ signals: [] }), { once: true });
    const { unmount } = renderWithProviders(<SignalListPage />, { session: 'Admin' });
    expect(await screen.findByText('No signals yet')).toBeInTheDocument();
    unmount();
    answer(getAllSignals, () => refuse(400, { error: 'BAD_REQUEST', key: 'errors.badRequest' }));
    renderWithProviders(<SignalListPage />, { session: 'Admin' });
    expect(await screen.findByText('Failed to fetch signals')).toBeInTheDocument();
  });

  it('settles only with the result the prices give', async () => {
    const signal = makeSignal();
    answer(getAllSignals, () => ({ signals: [signal] }));
    answer(getSignalEvidence, () => ({ signal, evidence: makeEvidence() }));
    const sent = answer(setSignalResult, ({ body }) => ({
      message: messageText('signals.signalMarked', { result: body.result }),
      signal: { ...signal, status: 'completed' as const, result: body.result, evidence: makeEvidence() },
    }));
    const { user } = renderWithProviders(<SignalListPage />, { session: 'Admin' });
    await user.click(await screen.findByTestId('signal-settle'));
    const dialog = await screen.findByRole('dialog', { name: 'Settle “BTC breakout”' });
    expect(await within(dialog).findByTestId('evidence-extreme')).toHaveTextContent('60,412.50');
    expect(within(dialog).getByTestId('evidence-candles')).toHaveTextContent('59');
    expect(within(dialog).getByTestId('evidence-touched')).toHaveTextContent('Touched at');
    expect(within(dialog).queryByRole('button', { name: 'Settle as Loss' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Settle as Gain' }));
    expect(await within(dialog).findByText('Signal marked as gain')).toBeInTheDocument();
    expect(sent.map(({ params, body }) => ({ params, body }))).toEqual([
      { params: { id: signal.id }, body: { result: 'gain' } },
    ]);
  });

  it('offers nothing while the prices decide nothing, and says why', async () => {
    const signal = makeSignal();
    answer(getAllSignals, () => ({ signals: [signal] }));
    answer(getSignalEvidence, () => ({ signal, evidence: makeEvidence({ touchedAt: null, result: null }) }));
    const { user } = renderWithProviders(<SignalListPage />, { session: 'Admin' });
    await user.click(await screen.findByTestId('signal-settle'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('settle-explanation')).toHaveTextContent(
      'The target has not been touched yet',
    );
    expect(within(dialog).queryByTestId('settle-submit')).toBeNull();
  });

  it('shows the server’s reason when the settle is refused', async () => {
    const signal = makeSignal({ status: 'completed', closingTime: at(-1).toISOString() });
    answer(getAllSignals, () => ({ signals: [signal] }));
    answer(getSignalEvidence, () => ({ signal, evidence: makeEvidence({ touchedAt: null, result: 'loss' }) }));
    answer(setSignalResult, () =>
      refuse(409, { error: 'CONFLICT', key: 'errors.signalResultContradicts', params: { result: 'gain' } }),
    );
    const { user } = renderWithProviders(<SignalListPage />, { session: 'Admin' });
    await user.click(await screen.findByTestId('signal-settle'));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Settle as Loss' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        messageText('errors.signalResultContradicts', { result: 'gain' }),
      ),
    );
  });
});
