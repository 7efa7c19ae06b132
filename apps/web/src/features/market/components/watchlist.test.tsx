import { getWatchlist, setWatchlist } from '@meridian/contracts/endpoints/watchlist';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, refuse, renderWithProviders } from '@/test';
import { Watchlist } from './watchlist';

const rowsPairs = () => screen.getAllByTestId('watchlist-row').map((row) => row.getAttribute('data-pair'));

function renderList(pairs: string[]) {
  answer(getWatchlist, () => ({ pairs: pairs as never }));
  return renderWithProviders(<Watchlist quotes={[]} />, { session: 'Client', route: '/user' });
}

describe('the watchlist', () => {
  it('shows the client’s pairs in their order, moves one up, and saves the whole list', async () => {
    const saved = answer(setWatchlist, ({ body }) => body);
    renderList(['BTC/USD', 'ETH/USD', 'EUR/USD']);
    await waitFor(() => expect(rowsPairs()).toEqual(['BTC/USD', 'ETH/USD', 'EUR/USD']));
    // The first cannot move up, the last cannot move down.
    expect(screen.getByRole('button', { name: 'Move BTC/USD up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move EUR/USD down' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Move EUR/USD up' }));
    expect(rowsPairs()).toEqual(['BTC/USD', 'EUR/USD', 'ETH/USD']);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.body).toEqual({ pairs: ['BTC/USD', 'EUR/USD', 'ETH/USD'] });
  });

  it('adds a pair from those not on it, and removes one', async () => {
    const saved = answer(setWatchlist, ({ body }) => body);
    renderList(['BTC/USD']);
    const select = await screen.findByLabelText('Add a pair');
    // Only the pairs not on the list are offered.
    expect(within(select).queryByRole('option', { name: 'BTC/USD' })).toBeNull();
    await userEvent.selectOptions(select, 'SOL/USD');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(rowsPairs()).toEqual(['BTC/USD', 'SOL/USD']));
    await userEvent.click(screen.getByRole('button', { name: 'Remove BTC/USD from the watchlist' }));
    await waitFor(() => expect(rowsPairs()).toEqual(['SOL/USD']));
    expect(saved.map((s) => s.body)).toEqual([{ pairs: ['BTC/USD', 'SOL/USD'] }, { pairs: ['SOL/USD'] }]);
  });

  it('puts the list back and says so when the save is refused', async () => {
    answer(setWatchlist, () => refuse(400, { error: 'VALIDATION', key: 'validation.watchlistDuplicate' }));
    renderList(['BTC/USD', 'ETH/USD']);
    await screen.findAllByTestId('watchlist-row');
    await userEvent.click(screen.getByRole('button', { name: 'Move ETH/USD up' }));
    await waitFor(() => expect(rowsPairs()).toEqual(['BTC/USD', 'ETH/USD']));
    expect(await screen.findByText(/Your watchlist could not be saved/)).toBeInTheDocument();
  });

  it('has an empty state that still offers every pair', async () => {
    renderList([]);
    expect(await screen.findByText('No pairs on your watchlist')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Add a pair')).getAllByRole('option')).toHaveLength(11);
  });
});
