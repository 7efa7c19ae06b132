import { getDeposits } from '@meridian/contracts/endpoints/deposits';
import { getTransactions } from '@meridian/contracts/endpoints/transactions';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, cursorPages, makeTransaction, makeUser, renderWithProviders } from '@/test';
import { RecordListPage } from './record-list-page';

/**
 * The admin's list of every transaction pages by cursor (docs/architecture.md, "Lists at scale"):
 * Next and Previous send the cursor of the page they come from; the address keeps `?page=` only.
 */

const client = makeUser();
const user = {
  id: client.id,
  firstname: client.firstname,
  lastname: client.lastname,
  email: client.email,
  isVerified: client.isVerified,
};
const ROWS = Array.from({ length: 30 }, (_, i) =>
  makeTransaction({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, amount: i + 1, user }),
);

const queryOf = (sent: { query: URLSearchParams } | undefined) => Object.fromEntries(sent?.query.entries() ?? []);

describe('RecordListPage (every transaction) paging', () => {
  it('sends the neighbouring page’s cursor on Next and Previous', async () => {
    const serve = cursorPages(ROWS, 3);
    const sent = answer(getTransactions, ({ query }) => serve(query));
    const rendered = renderWithProviders(<RecordListPage list="transactions" />, {
      session: 'Admin',
      route: '/admin/transactions?page=2',
    });
    await waitFor(() => expect(screen.getByTestId('pager-status')).toHaveTextContent('Page 2 of 3'));
    expect(queryOf(sent[0])).toEqual({ page: '2', limit: '10' });

    await rendered.user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(queryOf(sent[1])).toEqual({ page: '3', limit: '10', after: 'row-19' });
    expect(rendered.location()).toBe('/admin/transactions?page=3');

    // Back on page 2 (asked again, its data being stale): page 1 was never read, so before page 3's first row.
    await rendered.user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(queryOf(sent[2])).toEqual({ page: '2', limit: '10', before: 'row-20' });
    await waitFor(() => expect(screen.getByTestId('pager-status')).toHaveTextContent('Page 2 of 3'));

    // Page 1 is always the newest rows, asked for from the top.
    await rendered.user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(sent).toHaveLength(4));
    expect(queryOf(sent[3])).toEqual({ page: '1', limit: '10' });
    expect(rendered.location()).toBe('/admin/transactions');
  });

  it('asks the other lists by number only', async () => {
    const sent = answer(getDeposits, () => ({ deposits: ROWS.slice(0, 10), totalPage: 2 }));
    const rendered = renderWithProviders(<RecordListPage list="deposits" />, {
      session: 'Admin',
      route: '/admin/deposits',
    });
    await waitFor(() => expect(screen.getByTestId('pager-status')).toHaveTextContent('Page 1 of 2'));
    await rendered.user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(queryOf(sent[1])).toEqual({ page: '2', limit: '10' });
  });
});
