import { getAdminStats, getStatsSeries as getStatsSeriesEndpoint } from '@meridian/contracts/endpoints/clients';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/admin/stats → the five summary cards (money in dollars). */
export function getStats(signal?: AbortSignal) {
  return call(getAdminStats, {}, { signal });
}

export const getStatsQueryOptions = () =>
  queryOptions({ queryKey: [...queryKeys.clients(), 'stats', 'totals'], queryFn: ({ signal }) => getStats(signal) });

export function useStats() {
  return useQuery(getStatsQueryOptions());
}

/** GET /api/admin/stats/series?days → per-day deposits, withdrawals and investments, oldest first. */
export function getStatsSeries(days: number, signal?: AbortSignal) {
  return call(getStatsSeriesEndpoint, { query: { days } }, { signal });
}

export const getStatsSeriesQueryOptions = (days: number) =>
  queryOptions({
    queryKey: [...queryKeys.clients(), 'stats', 'series', { days }],
    queryFn: ({ signal }) => getStatsSeries(days, signal),
  });

export function useStatsSeries(days: number) {
  return useQuery(getStatsSeriesQueryOptions(days));
}
