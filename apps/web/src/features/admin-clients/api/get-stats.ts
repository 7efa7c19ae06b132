import type { TAdminStats, TStatsSeries } from '@meridian/contracts/clients';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The summary cards and the charts: anything that moves money or adds or closes a client changes them. */
export const statsKey = () => ['admin', 'stats'] as const;

/** GET /api/admin/stats → the five summary cards (money in dollars). */
export function getStats(signal?: AbortSignal): Promise<TAdminStats> {
  return api<TAdminStats>('/admin/stats', { signal });
}

export const getStatsQueryOptions = () =>
  queryOptions({ queryKey: [...statsKey(), 'totals'], queryFn: ({ signal }) => getStats(signal) });

export function useStats() {
  return useQuery(getStatsQueryOptions());
}

/** GET /api/admin/stats/series?days → per-day deposits, withdrawals and investments, oldest first. */
export function getStatsSeries(days: number, signal?: AbortSignal): Promise<TStatsSeries> {
  return api<TStatsSeries>(`/admin/stats/series?days=${days}`, { signal });
}

export const getStatsSeriesQueryOptions = (days: number) =>
  queryOptions({
    queryKey: [...statsKey(), 'series', { days }],
    queryFn: ({ signal }) => getStatsSeries(days, signal),
  });

export function useStatsSeries(days: number) {
  return useQuery(getStatsSeriesQueryOptions(days));
}
