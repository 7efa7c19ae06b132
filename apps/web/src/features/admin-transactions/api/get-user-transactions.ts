import type { TTransaction } from '@meridian/contracts/transactions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { api } from '@/lib/api-client';
import { PAGE_LIMIT, type TRecordPage } from './record-lists';

/** GET /api/transaction/user/{userId}?page&limit=10: one client's history, adjustments included. */
export async function getUserTransactions(userId: string, page: number, signal?: AbortSignal): Promise<TRecordPage> {
  const answer = await api<{ transactions?: TTransaction[]; totalPage?: number }>(
    `/transaction/user/${encodeURIComponent(userId)}?page=${page}&limit=${PAGE_LIMIT}`,
    { signal },
  );
  return { records: answer.transactions ?? [], totalPage: answer.totalPage ?? 1 };
}

export const getUserTransactionsQueryOptions = (userId: string, page: number) =>
  queryOptions({
    queryKey: [...adminKeys.clientTransactions(userId), { page }],
    queryFn: ({ signal }) => getUserTransactions(userId, page, signal),
    placeholderData: keepPreviousData,
  });

export function useUserTransactions(userId: string, page: number) {
  return useQuery(getUserTransactionsQueryOptions(userId, page));
}
