import { getUserTransactions } from '@meridian/contracts/endpoints/transactions';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, cursorPages, IDS, makeTransaction, renderWithProviders, type TSentRequest } from '@/test';
import { HistoryView } from './history-view';

/**
 * The All list pages by cursor (docs/architecture.md, "Lists at scale"): Next and Previous send the
 * cursor of the page they come from, which TanStack Query holds; the address keeps `?page=` only,
 * and a page opened without its neighbour (a reload, a link) is asked for by number.
 */

const ROWS = Array.from({ length: 25 }, (_, i) =>
  makeTransaction({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, amount: i + 1 }),
);

function answerHistory(): TSentRequest<typeof getUserTransactions>[] {
  const serve = cursorPages(ROWS, 3);
  return answer(getUserTransactions, ({ query }) => serve(query));
}

const queryOf = (sent: TSentRequest<typeof getUserTransactions> | undefined) =>
  Object.fromEntries(sent?.query.entries() ?? []);

describe('HistoryView (All) paging', () => {
  it('sends the cursor of the page it comes from on Next, and keeps only ?page= in the address', async () => {
    const sent = answerHistory();
    const { user, location } = renderWithProviders(<HistoryView userId={IDS.client} kind="all" />, {
      session: 'Client',
      route: '/user/transactions',
    });
    await waitFor(() => expect(screen.getByTestId('pager-status')).toHaveTextContent('Page 1 of 3'));
    expect(queryOf(sent[0])).toEqual({ page: '1', limit: '10' });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(queryOf(sent[1])).toEqual({ page: '2', limit: '10', after: 'row-9' });
    expect(location()).toBe('/user/transactions?page=2');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(queryOf(sent[2])).toEqual({ page: '3', limit: '10', after: 'row-19' });
    await waitFor(() => expect(screen.getByTestId('pager-status')).toHaveTextContent('Page 3 of 3'));
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(location()).toBe('/user/transactions?page=3');
  });

  it('after a reload asks by number, then sends the first row’s cursor on Previous', async () => {
    const sent = answerHistory();
    const { user, location } = renderWithProviders(<HistoryView userId={IDS.client} kind="all" />, {
      session: 'Client',
      route: '/user/transactions?page=3',
    });
    await waitFor(() => expect(screen.getByTestId('pager-status')).toHaveTextContent('Page 3 of 3'));
    expect(queryOf(sent[0])).toEqual({ page: '3', limit: '10' });

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(queryOf(sent[1])).toEqual({ page: '2', limit: '10', before: 'row-20' });
    await waitFor(() => expect(screen.getByTestId('pager-status')).toHaveTextContent('Page 2 of 3'));
    expect(location()).toBe('/user/transactions?page=2');

    // Page 1 is always the newest rows, asked for from the top.
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(queryOf(sent[2])).toEqual({ page: '1', limit: '10' });
    expect(location()).toBe('/user/transactions');
  });
});
