import { getCandles as getCandlesEndpoint } from '@meridian/contracts/endpoints/market';
import type { TPair } from '@meridian/contracts/market';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/market/candles?pair=: the last 24 hours of 1-minute candles (live ticks extend them). */
export function getCandles(pair: TPair, signal?: AbortSignal) {
  return call(getCandlesEndpoint, { query: { pair } }, { signal, auth: false });
}

export const candlesQuery = (pair: TPair) =>
  queryOptions({
    queryKey: queryKeys.candles(pair),
    queryFn: ({ signal }) => getCandles(pair, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useCandles(pair: TPair) {
  return useQuery(candlesQuery(pair));
}
