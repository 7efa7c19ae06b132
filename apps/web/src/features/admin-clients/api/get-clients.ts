import type { TClientList } from '@meridian/contracts/clients';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Page size of the Client Management table (spec 02 §9). */
export const CLIENTS_PAGE_LIMIT = 10;

/** Every cached page of the client list and of its searches: what Add and Delete invalidate. */
export const clientListKey = () => ['admin', 'clients'] as const;

/** GET /api/client?page&limit=10 → `{ clients, totalPage }`, newest first. */
export function getClients(page: number, signal?: AbortSignal): Promise<TClientList> {
  return api<TClientList>(`/client?page=${page}&limit=${CLIENTS_PAGE_LIMIT}`, { signal });
}

export const getClientsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...clientListKey(), 'list', { page }],
    queryFn: ({ signal }) => getClients(page, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useClients(page: number) {
  return useQuery(getClientsQueryOptions(page));
}
