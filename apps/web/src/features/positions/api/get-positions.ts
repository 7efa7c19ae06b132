import { getPositions as getPositionsEndpoint } from '@meridian/contracts/endpoints/positions';
import type { TPositionList } from '@meridian/contracts/positions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Position Management is paged by 10. */
export const POSITIONS_PAGE_LIMIT = 10;
/** Lists are fresh for 10 seconds. */
const POSITIONS_CACHE_MS = 10_000;
/**
 * While the page shows an open position it is asked for again this often: positions close by
 * themselves (expiration, stop-out) or by their client while the admin watches.
 */
export const OPEN_POSITIONS_REFRESH_MS = 10_000;

/** GET /api/position?page=&limit=10: every client's positions, open ones first, then newest. */
export function getPositions(page: number, signal?: AbortSignal): Promise<TPositionList> {
  return call(getPositionsEndpoint, { query: { page, limit: POSITIONS_PAGE_LIMIT } }, { signal });
}

export const positionsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...queryKeys.positions(), 'admin', { page }],
    queryFn: ({ signal }) => getPositions(page, signal),
    staleTime: POSITIONS_CACHE_MS,
  });

const hasOpen = (data: TPositionList | undefined) => data?.positions.some((p) => p.status === 'open') ?? false;

/** One page of Position Management; the previous page stays on screen while the next one loads. */
export function usePositions(page: number) {
  return useQuery({
    ...positionsQueryOptions(page),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (hasOpen(query.state.data) ? OPEN_POSITIONS_REFRESH_MS : false),
  });
}
