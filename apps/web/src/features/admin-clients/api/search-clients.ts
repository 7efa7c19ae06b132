import { searchClients as searchClientsEndpoint } from '@meridian/contracts/endpoints/clients';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { CLIENTS_PAGE_LIMIT } from './get-clients';

/** GET /api/client/search?search=…&page → `{ clients, totalPage }`. Never called with blank text. */
export function searchClients(search: string, page: number, signal?: AbortSignal) {
  return call(searchClientsEndpoint, { query: { search, page, limit: CLIENTS_PAGE_LIMIT } }, { signal });
}

export const searchClientsQueryOptions = (search: string, page: number) =>
  queryOptions({
    queryKey: [...queryKeys.clients(), 'search', { search, page }],
    queryFn: ({ signal }) => searchClients(search, page, signal),
    // The search runs only when the text is non-empty.
    enabled: search.trim() !== '',
  });

export function useSearchClients(search: string, page: number) {
  return useQuery({ ...searchClientsQueryOptions(search, page), placeholderData: keepPreviousData });
}
