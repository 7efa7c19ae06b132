import { getOutbox as getOutboxEndpoint } from '@meridian/contracts/endpoints/audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/admin/outbox?page&limit: the mail the platform sent, newest first. */
export function getOutbox(page: number, signal?: AbortSignal) {
  return call(getOutboxEndpoint, { query: { page, limit: 10 } }, { signal });
}

export const getOutboxQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...queryKeys.outbox(), { page }],
    queryFn: ({ signal }) => getOutbox(page, signal),
    placeholderData: keepPreviousData,
    // New mail (a withdrawal code) should show without a reload.
    refetchInterval: 15_000,
  });

export function useOutbox(page: number) {
  return useQuery(getOutboxQueryOptions(page));
}
