import type { TClientList } from '@meridian/contracts/clients';
import { getClients as getClientsEndpoint } from '@meridian/contracts/endpoints/clients';
import { keepPreviousData, type QueryClient, type QueryKey, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Page size of the Client Management table. */
export const CLIENTS_PAGE_LIMIT = 10;

/** Where a page is read from: the cursor of a neighbouring page (contracts/cursor.ts), or none (by number). */
export type TPageCursor = { after: string } | { before: string } | Record<string, never>;

/**
 * The cursor that reaches `page` from a page beside it already in the cache: the `nextCursor` of
 * the page before it (Next), else the `prevCursor` of the page after it (Previous). None on a
 * reload, a shared link or a jump: the server then counts the page from the start. Page 1 is
 * always read from the start, so that it shows the newest clients even when the page after it was
 * read before they came.
 */
export function neighbourCursor(client: QueryClient, keyOf: (page: number) => QueryKey, page: number): TPageCursor {
  if (page <= 1) return {};
  const after = client.getQueryData<TClientList>(keyOf(page - 1))?.nextCursor;
  if (after) return { after };
  const before = client.getQueryData<TClientList>(keyOf(page + 1))?.prevCursor;
  return before ? { before } : {};
}

/**
 * Reads a page by its neighbour's cursor; a cursor the server no longer accepts (422, say one kept
 * from before an update) falls back to the page by number.
 */
export async function readPage(
  cursor: TPageCursor,
  read: (cursor: TPageCursor) => Promise<TClientList>,
): Promise<TClientList> {
  try {
    return await read(cursor);
  } catch (err) {
    if (Object.keys(cursor).length > 0 && err instanceof ApiError && err.status === 422) return read({});
    throw err;
  }
}

/** GET /api/client?page&limit=10[&after|&before] → `{ clients, totalPage, nextCursor, prevCursor }`, newest first. */
export function getClients(page: number, cursor: TPageCursor = {}, signal?: AbortSignal) {
  return call(getClientsEndpoint, { query: { page, limit: CLIENTS_PAGE_LIMIT, ...cursor } }, { signal });
}

const clientsKey = (page: number) => [...queryKeys.clients(), 'list', { page }];

export const getClientsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: clientsKey(page),
    queryFn: ({ signal, client }) =>
      readPage(neighbourCursor(client, clientsKey, page), (cursor) => getClients(page, cursor, signal)),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

/** `enabled: false` while a search is shown instead. */
export function useClients(page: number, enabled = true) {
  return useQuery({ ...getClientsQueryOptions(page), enabled });
}
