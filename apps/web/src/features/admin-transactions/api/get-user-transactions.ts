import { getUserTransactions as getUserTransactionsEndpoint } from '@meridian/contracts/endpoints/transactions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { PAGE_LIMIT } from './page-limit';
import type { TRecordPage } from './record-lists';

/** One client's history, adjustments included, 10 a page. */
export async function getUserTransactions(userId: string, page: number, signal?: AbortSignal): Promise<TRecordPage> {
  const { transactions, totalPage } = await call(
    getUserTransactionsEndpoint,
    { params: { userId }, query: { page, limit: PAGE_LIMIT } },
    { signal },
  );
  return { records: transactions, totalPage };
}

export const getUserTransactionsQueryOptions = (userId: string, page: number) =>
  queryOptions({
    queryKey: [...queryKeys.userTransactions(userId), 'records', { page }],
    queryFn: ({ signal }) => getUserTransactions(userId, page, signal),
    placeholderData: keepPreviousData,
  });

export function useUserTransactions(userId: string, page: number) {
  return useQuery(getUserTransactionsQueryOptions(userId, page));
}
