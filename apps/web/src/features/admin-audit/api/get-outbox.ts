import type { TOutboxMessage } from '@meridian/contracts/balances';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { api } from '@/lib/api-client';

export interface TOutboxPage {
  messages: TOutboxMessage[];
  totalPage: number;
}

/** GET /api/admin/outbox?page&limit: the mail the platform sent, newest first. */
export function getOutbox(page: number, signal?: AbortSignal): Promise<TOutboxPage> {
  return api<TOutboxPage>(`/admin/outbox?page=${page}&limit=10`, { signal });
}

export const getOutboxQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...adminKeys.outbox(), { page }],
    queryFn: ({ signal }) => getOutbox(page, signal),
    placeholderData: keepPreviousData,
    // New mail (a withdrawal code) should show without a reload.
    refetchInterval: 15_000,
  });

export function useOutbox(page: number) {
  return useQuery(getOutboxQueryOptions(page));
}
