import { getReservesOverview as endpoint } from '@meridian/contracts/endpoints/reserves';
import type { TReservesOverview } from '@meridian/contracts/reserves';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { reserveKeys } from './reserve-keys';

/** GET /api/admin/reserves: the snapshots (newest first), the standing declarations, the public page's setting. */
export function getReservesOverview(signal?: AbortSignal): Promise<TReservesOverview> {
  return call(endpoint, {}, { signal });
}

export const reservesOverviewQueryOptions = () =>
  queryOptions({ queryKey: reserveKeys.overview(), queryFn: ({ signal }) => getReservesOverview(signal) });

export function useReservesOverview() {
  return useQuery(reservesOverviewQueryOptions());
}
