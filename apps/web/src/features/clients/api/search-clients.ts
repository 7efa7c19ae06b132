import { searchClients as searchClientsEndpoint } from '@meridian/contracts/endpoints/clients';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { neighbourCursor, readPage, type TPageCursor } from '@/lib/page-cursor';
import { queryKeys } from '@/lib/query-keys';
import { CLIENTS_PAGE_LIMIT } from './get-clients';

/**
 * GET /api/client/search?search=…&page[&after|&before] → `{ clients, totalPage, nextCursor, prevCursor }`.
 * Never called with blank text.
 */
export function searchClients(search: string, page: number, cursor: TPageCursor = {}, signal?: AbortSignal) {
  return call(searchClientsEndpoint, { query: { search, page, limit: CLIENTS_PAGE_LIMIT, ...cursor } }, { signal });
}

const searchKey = (search: string) => (page: number) => [...queryKeys.clients(), 'search', { search, page }];

export const searchClientsQueryOptions = (search: string, page: number) =>
  queryOptions({
    queryKey: searchKey(search)(page),
    queryFn: ({ signal, client }) =>
      readPage(neighbourCursor(client, searchKey(search), page), (cursor) =>
        searchClients(search, page, cursor, signal),
      ),
    // The search runs only when the text is non-empty.
    enabled: search.trim() !== '',
  });

export function useSearchClients(search: string, page: number) {
  return useQuery({ ...searchClientsQueryOptions(search, page), placeholderData: keepPreviousData });
}
