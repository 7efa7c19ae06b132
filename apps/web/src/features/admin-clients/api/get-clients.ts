import { getClients as getClientsEndpoint } from '@meridian/contracts/endpoints/clients';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Page size of the Client Management table. */
export const CLIENTS_PAGE_LIMIT = 10;

/** GET /api/client?page&limit=10 → `{ clients, totalPage }`, newest first. */
export function getClients(page: number, signal?: AbortSignal) {
  return call(getClientsEndpoint, { query: { page, limit: CLIENTS_PAGE_LIMIT } }, { signal });
}

export const getClientsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...queryKeys.clients(), 'list', { page }],
    queryFn: ({ signal }) => getClients(page, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useClients(page: number) {
  return useQuery(getClientsQueryOptions(page));
}
