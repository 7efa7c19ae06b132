import { getClients as getClientsEndpoint } from '@meridian/contracts/endpoints/clients';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { neighbourCursor, readPage, type TPageCursor } from '@/lib/page-cursor';
import { queryKeys } from '@/lib/query-keys';

/** Page size of the Client Management table. */
export const CLIENTS_PAGE_LIMIT = 10;

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
