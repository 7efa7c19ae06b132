import type { TCandleList, TPair } from '@meridian/contracts/market';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/market/candles?pair=: the last 24 hours of 1-minute candles (live ticks extend them). */
export function getCandles(pair: TPair, signal?: AbortSignal): Promise<TCandleList> {
  return api<TCandleList>(`/market/candles?pair=${encodeURIComponent(pair)}`, { signal, auth: false });
}

export const candlesQuery = (pair: TPair) =>
  queryOptions({
    queryKey: ['market', 'candles', pair],
    queryFn: ({ signal }) => getCandles(pair, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useCandles(pair: TPair) {
  return useQuery(candlesQuery(pair));
}
