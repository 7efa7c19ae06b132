import { getPublicStats as getPublicStatsEndpoint } from '@meridian/contracts/endpoints/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The server caches the figures for a minute; the browser need not ask more often. */
const MINUTE_MS = 60_000;

/** GET /api/public/stats: figures the platform computes (open accounts, countries, days since launch). */
export function getPublicStats(signal?: AbortSignal) {
  return call(getPublicStatsEndpoint, {}, { signal, auth: false });
}

export const publicStatsQuery = () =>
  queryOptions({
    queryKey: queryKeys.publicStats(),
    queryFn: ({ signal }) => getPublicStats(signal),
    staleTime: MINUTE_MS,
  });

export function usePublicStats() {
  return useQuery(publicStatsQuery());
}
