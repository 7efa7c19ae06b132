import { getUserPositions as getUserPositionsEndpoint } from '@meridian/contracts/endpoints/positions';
import type { TPositionList } from '@meridian/contracts/positions';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { OPEN_POSITIONS_REFRESH_MS, POSITIONS_CACHE_MS } from '../constants';

/** GET /api/position/user/:userId?page=: a page of the client's positions, newest first, with the summary. */
export function getUserPositions(userId: string, page: number, signal?: AbortSignal) {
  return call(getUserPositionsEndpoint, { params: { userId }, query: { page } }, { signal });
}

export const userPositionsQueryOptions = (userId: string, page: number) =>
  queryOptions({
    queryKey: [...queryKeys.userPositions(userId), { page }],
    queryFn: ({ signal }) => getUserPositions(userId, page, signal),
    staleTime: POSITIONS_CACHE_MS,
  });

const hasOpen = (data: TPositionList | undefined) => data?.positions.some((p) => p.status === 'open') ?? false;

/**
 * A page of the client's positions; the previous page stays on screen while the next one loads.
 * While it shows an open position it is refreshed every few seconds, and when one of them comes back
 * closed (by its expiration or a stop-out) the balance, history and messages it changed are refreshed.
 */
export function useUserPositions(userId: string, page: number) {
  const query = useQuery({
    ...userPositionsQueryOptions(userId, page),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => (hasOpen(current.state.data) ? OPEN_POSITIONS_REFRESH_MS : false),
  });
  useRefreshOnClose(userId, query.data);
  return query;
}

/** Refreshes what a close changes once a position seen open comes back closed. */
function useRefreshOnClose(userId: string, data: TPositionList | undefined) {
  const queryClient = useQueryClient();
  const seenOpen = useRef(new Set<string>());
  useEffect(() => {
    if (!data) return;
    let closed = false;
    for (const position of data.positions) {
      if (position.status === 'open') seenOpen.current.add(position.id);
      else if (seenOpen.current.delete(position.id)) closed = true;
    }
    if (!closed) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.balance(userId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.transactions() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.notifications(userId) });
  }, [data, queryClient, userId]);
}
