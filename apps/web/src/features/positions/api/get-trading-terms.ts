import { getTradingTerms as getTradingTermsEndpoint } from '@meridian/contracts/endpoints/positions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The operator's terms change only with the server's settings, so a minute is fresh enough; the
 * review before a position opens asks again once they are older.
 */
const TRADING_TERMS_CACHE_MS = 60_000;

/** GET /api/trading-terms: the commission per pair (basis points of the exposure) and the account's margin levels. */
export function getTradingTerms(signal?: AbortSignal) {
  return call(getTradingTermsEndpoint, {}, { signal });
}

export const tradingTermsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.tradingTerms(),
    queryFn: ({ signal }) => getTradingTerms(signal),
    staleTime: TRADING_TERMS_CACHE_MS,
  });

export function useTradingTerms() {
  return useQuery(tradingTermsQueryOptions());
}
