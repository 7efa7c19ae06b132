import { getOutbox as getOutboxEndpoint } from '@meridian/contracts/endpoints/audit';
import type { TMailStatus } from '@meridian/contracts/mail';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/admin/outbox?page&limit&status: the platform's mail, newest first, optionally of one status. */
export function getOutbox(page: number, status: TMailStatus | undefined, signal?: AbortSignal) {
  return call(getOutboxEndpoint, { query: { page, limit: 10, status } }, { signal });
}

export const getOutboxQueryOptions = (page: number, status?: TMailStatus) =>
  queryOptions({
    queryKey: [...queryKeys.outbox(), { page, status }],
    queryFn: ({ signal }) => getOutbox(page, status, signal),
    placeholderData: keepPreviousData,
    // New mail (a withdrawal code) and a queued mail being sent should show without a reload.
    refetchInterval: 15_000,
  });

export function useOutbox(page: number, status?: TMailStatus) {
  return useQuery(getOutboxQueryOptions(page, status));
}
