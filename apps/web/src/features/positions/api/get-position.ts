import { getPosition as getPositionEndpoint } from '@meridian/contracts/endpoints/positions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { OPEN_POSITIONS_REFRESH_MS, POSITIONS_CACHE_MS } from '../constants';

/** GET /api/position/:id: one position (a client's own; an admin's answer names the client). */
export function getPosition(id: string, signal?: AbortSignal) {
  return call(getPositionEndpoint, { params: { id } }, { signal });
}

export const positionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.position(id),
    queryFn: ({ signal }) => getPosition(id, signal),
    staleTime: POSITIONS_CACHE_MS,
  });

/**
 * One position. While it is open it is asked for again every few seconds (besides the live updates
 * that refresh every position key), so a close by its expiration or a stop-out shows without a reload.
 */
export function usePosition(id: string) {
  return useQuery({
    ...positionQueryOptions(id),
    refetchInterval: (current) => (current.state.data?.status === 'open' ? OPEN_POSITIONS_REFRESH_MS : false),
  });
}
