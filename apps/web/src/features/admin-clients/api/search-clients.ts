import type { TClientList } from '@meridian/contracts/clients';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CLIENTS_PAGE_LIMIT, clientListKey } from './get-clients';

/** GET /api/client/search?search=…&page → `{ clients, totalPage }`. Never called with blank text. */
export function searchClients(search: string, page: number, signal?: AbortSignal): Promise<TClientList> {
  const query = new URLSearchParams({ search, page: String(page), limit: String(CLIENTS_PAGE_LIMIT) });
  return api<TClientList>(`/client/search?${query}`, { signal });
}

export const searchClientsQueryOptions = (search: string, page: number) =>
  queryOptions({
    queryKey: [...clientListKey(), 'search', { search, page }],
    queryFn: ({ signal }) => searchClients(search, page, signal),
    // Spec 02 §5: the search runs only when the text is non-empty.
    enabled: search.trim() !== '',
  });

export function useSearchClients(search: string, page: number) {
  return useQuery({ ...searchClientsQueryOptions(search, page), placeholderData: keepPreviousData });
}
