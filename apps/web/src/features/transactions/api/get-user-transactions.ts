import { getUserTransactions as getUserTransactionsEndpoint } from '@meridian/contracts/endpoints/transactions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { neighbourCursor, type TPageCursor } from '@/lib/page-cursor';
import { queryKeys } from '@/lib/query-keys';
import { PAGE_LIMIT } from './page-limit';
import type { TRecordPage } from './record-lists';

/** One client's history, adjustments included, 10 a page: read on from a neighbouring page's cursor when given. */
export async function getUserTransactions(
  userId: string,
  page: number,
  cursor: TPageCursor = {},
  signal?: AbortSignal,
): Promise<TRecordPage> {
  const { transactions, ...rest } = await call(
    getUserTransactionsEndpoint,
    { params: { userId }, query: { page, limit: PAGE_LIMIT, ...cursor } },
    { signal },
  );
  return { records: transactions, ...rest };
}

const userRecordsKey = (userId: string, page: number) =>
  [...queryKeys.userTransactions(userId), 'records', { page }] as const;

export const getUserTransactionsQueryOptions = (userId: string, page: number) =>
  queryOptions({
    queryKey: userRecordsKey(userId, page),
    queryFn: ({ client, signal }) =>
      getUserTransactions(
        userId,
        page,
        neighbourCursor(client, (n) => userRecordsKey(userId, n), page),
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export function useUserTransactions(userId: string, page: number) {
  return useQuery(getUserTransactionsQueryOptions(userId, page));
}
