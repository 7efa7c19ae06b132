import { getBalance } from '@meridian/contracts/endpoints/balances';
import { joinSignal } from '@meridian/contracts/endpoints/signals';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, IDS, makeBalance, refuse, renderWithProviders } from '@/test';
import { makeSignal } from '../test/fixtures';
import { JoinSignalDialog } from './join-signal-dialog';

const signal = makeSignal();

function renderDialog(onClose = vi.fn()) {
  const rendered = renderWithProviders(<JoinSignalDialog userId={IDS.client} signal={signal} onClose={onClose} />, {
    session: 'Client',
    route: '/user/signals',
  });
  const dialog = screen.getByRole('dialog', { name: 'Join ETH breakout' });
  return { ...rendered, dialog, onClose };
}

const trade = {
  id: '88888888-8888-4888-8888-888888888888',
  signalId: { id: signal.id, title: signal.title, asset: signal.asset },
  entryAmount: 250,
  expectedReturn: 31.25,
  actualReturn: 0,
  status: 'active' as const,
  result: null,
  createdAt: '2026-01-02T10:00:00.000Z',
  settledAt: null,
};

describe('Join signal', () => {
  it('asks for an entry amount of at least the signal’s minimum, in cents, at most the balance', async () => {
    answer(getBalance, () => makeBalance({ balance: 300 }));
    const sent = answer(joinSignal, () => ({ message: 'Successfully joined signal!', trade }));
    const { user, dialog } = renderDialog();
    await waitFor(() => expect(within(dialog).getByTestId('join-available')).toHaveTextContent('$300.00'));
    const amount = within(dialog).getByLabelText('Entry amount');
    expect(amount).toHaveAttribute('min', '100');
    expect(amount).toHaveAttribute('step', '0.01');
    expect(amount).toHaveAccessibleDescription('At least $100.00');

    await user.click(within(dialog).getByRole('button', { name: 'Join signal' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Please enter an amount'));
    await user.type(amount, '99.99');
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Minimum amount is $100.00'));
    await user.clear(amount);
    await user.type(amount, '300.01');
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Insufficient balance'));
    expect(sent).toHaveLength(0);
  });

  it('previews the expected profit as amount × return / 100 while the amount is typed', async () => {
    answer(getBalance, () => makeBalance({ balance: 300 }));
    const { user, dialog } = renderDialog();
    const preview = within(dialog).getByTestId('join-expected-profit');
    expect(preview).toHaveTextContent('Expected profit: —');
    await user.type(within(dialog).getByLabelText('Entry amount'), '250');
    await waitFor(() => expect(preview).toHaveTextContent('Expected profit: +$31.25'));
  });

  it('joins with the entry and an Idempotency-Key, says so and closes', async () => {
    answer(getBalance, () => makeBalance({ balance: 300 }));
    const sent = answer(joinSignal, () => ({ message: 'Successfully joined signal!', trade }));
    const { user, dialog, onClose } = renderDialog();
    await user.type(within(dialog).getByLabelText('Entry amount'), '250');
    await user.click(within(dialog).getByRole('button', { name: 'Join signal' }));
    expect(await screen.findByText('Successfully joined signal!')).toBeInTheDocument();
    expect(sent[0]?.params.id).toBe(signal.id);
    expect(sent[0]?.body).toEqual({ entryAmount: '250' });
    expect(sent[0]?.request.headers.get('idempotency-key')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the server’s reason when it refuses', async () => {
    answer(getBalance, () => makeBalance({ balance: 300 }));
    answer(joinSignal, () => refuse(409, { error: 'CONFLICT', key: 'errors.signalJoinClosed' }));
    const { user, dialog } = renderDialog();
    await user.type(within(dialog).getByLabelText('Entry amount'), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Join signal' }));
    expect(
      await within(dialog).findByText('This signal has opened and no longer takes new entries'),
    ).toBeInTheDocument();
  });
});
