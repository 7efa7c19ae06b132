import type { TClientList, TClientListItem } from '@meridian/contracts/clients';
import { getClients, searchClients } from '@meridian/contracts/endpoints/clients';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, refuse, renderWithProviders, type TSentRequest } from '@/test';
import { ClientList } from './client-list';

const CLIENTS: TClientListItem[] = Array.from({ length: 35 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  firstname: `Client${i}`,
  lastname: 'Test',
  username: `client${i}`,
  email: `client${i}@example.com`,
  phone: '',
  country: 'GB',
  profile: null,
  isActive: true,
  isVerified: false,
  createdAt: new Date(Date.UTC(2026, 0, 1) - i * 60_000).toISOString(),
}));

/** The server's paging over CLIENTS (newest first), with cursors `c<index of the edge row>`. */
function serve(query: URLSearchParams): TClientList {
  const limit = Number(query.get('limit'));
  const after = query.get('after');
  const before = query.get('before');
  let start = (Number(query.get('page') ?? 1) - 1) * limit;
  if (after) start = Number(after.slice(1)) + 1;
  if (before) start = Math.max(0, Number(before.slice(1)) - limit);
  const end = before ? Number(before.slice(1)) : start + limit;
  const rows = CLIENTS.slice(start, Math.min(end, CLIENTS.length));
  return {
    clients: rows,
    totalPage: Math.ceil(CLIENTS.length / limit),
    nextCursor: start + rows.length < CLIENTS.length ? `c${start + rows.length - 1}` : null,
    prevCursor: start > 0 ? `c${start}` : null,
  };
}

/** What each request asked for: its page and cursor. */
const asked = (sent: readonly TSentRequest<typeof getClients>[]) =>
  sent.map(({ query }) => ({
    page: query.get('page'),
    ...(query.has('after') ? { after: query.get('after') } : {}),
    ...(query.has('before') ? { before: query.get('before') } : {}),
  }));

const names = () => screen.getAllByTestId('client-name').map((el) => el.textContent);
const showsPage = async (page: number) => {
  await waitFor(() => expect(screen.getByTestId('pager-status')).toHaveTextContent(`Page ${page} of 4`));
  await waitFor(() => expect(names()[0]).toBe(`Client${(page - 1) * 10} Test`));
};

describe('ClientList paging', () => {
  it('reads the next page after the last row of the page on screen, and keeps ?page= in the address', async () => {
    const sent = answer(getClients, ({ query }) => serve(query));
    const { user, location } = renderWithProviders(<ClientList />, { session: 'Admin', route: '/admin/clients' });
    await showsPage(1);
    await user.click(screen.getByTestId('pager-next'));
    await showsPage(2);
    await user.click(screen.getByTestId('pager-next'));
    await showsPage(3);
    expect(location()).toBe('/admin/clients?page=3');
    expect(asked(sent).slice(0, 3)).toEqual([{ page: '1' }, { page: '2', after: 'c9' }, { page: '3', after: 'c19' }]);
    // Page 1 is always read from the start (it shows the newest clients).
    await user.click(screen.getByTestId('pager-previous'));
    await showsPage(2);
    await user.click(screen.getByTestId('pager-previous'));
    await showsPage(1);
    expect(asked(sent).filter((q) => q.page === '1')).toEqual([{ page: '1' }, { page: '1' }]);
  });

  it('reads the previous page before the first row of a page opened by its address', async () => {
    const sent = answer(getClients, ({ query }) => serve(query));
    const { user, location } = renderWithProviders(<ClientList />, {
      session: 'Admin',
      route: '/admin/clients?page=3',
    });
    await showsPage(3);
    await user.click(screen.getByTestId('pager-previous'));
    await showsPage(2);
    expect(location()).toBe('/admin/clients?page=2');
    expect(asked(sent)).toEqual([{ page: '3' }, { page: '2', before: 'c20' }]);
  });

  it('reads the page by number when the server no longer takes the cursor (422)', async () => {
    const sent = answer(getClients, ({ query }) =>
      query.has('after') ? refuse(422, { error: 'VALIDATION', key: 'validation.invalidValue' }) : serve(query),
    );
    const { user } = renderWithProviders(<ClientList />, { session: 'Admin', route: '/admin/clients' });
    await showsPage(1);
    await user.click(screen.getByTestId('pager-next'));
    await showsPage(2);
    expect(asked(sent)).toEqual([{ page: '1' }, { page: '2', after: 'c9' }, { page: '2' }]);
  });

  it('pages search results by cursor too', async () => {
    const sent = answer(searchClients, ({ query }) => serve(query));
    const { user } = renderWithProviders(<ClientList />, { session: 'Admin', route: '/admin/clients?search=client' });
    await showsPage(1);
    await user.click(screen.getByTestId('pager-next'));
    await showsPage(2);
    expect(sent.map(({ query }) => [query.get('search'), query.get('page'), query.get('after')])).toEqual([
      ['client', '1', null],
      ['client', '2', 'c9'],
    ]);
  });
});
