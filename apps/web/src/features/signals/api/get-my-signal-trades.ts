import { getMySignalTrades as getMySignalTradesEndpoint } from '@meridian/contracts/endpoints/signals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/signal/my-trades: the caller's joins, newest first. */
export function getMySignalTrades(signal?: AbortSignal) {
  return call(getMySignalTradesEndpoint, {}, { signal });
}

export const mySignalTradesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...queryKeys.signals(), 'trades', userId],
    queryFn: ({ signal }) => getMySignalTrades(signal),
  });

export function useMySignalTrades(userId: string) {
  return useQuery(mySignalTradesQueryOptions(userId));
}
