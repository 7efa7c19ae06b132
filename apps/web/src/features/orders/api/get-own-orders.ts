import { getOwnOrders as getOwnOrdersEndpoint } from '@meridian/contracts/endpoints/orders';
import type { TOrderList } from '@meridian/contracts/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { ORDERS_CACHE_MS, ORDERS_PAGE_LIMIT, PENDING_ORDERS_REFRESH_MS, type TOrderListState } from '../constants';

/** GET /api/orders?state=&page=: a page of the client's own orders, pending ones or ended ones, newest first. */
export function getOwnOrders(state: TOrderListState, page: number, signal?: AbortSignal): Promise<TOrderList> {
  return call(getOwnOrdersEndpoint, { query: { state, page, limit: ORDERS_PAGE_LIMIT } }, { signal });
}

export const ownOrdersQueryOptions = (state: TOrderListState, page: number) =>
  queryOptions({
    queryKey: [...queryKeys.orders(), 'own', { state, page }],
    queryFn: ({ signal }) => getOwnOrders(state, page, signal),
    staleTime: ORDERS_CACHE_MS,
  });

/**
 * A page of the client's orders; the previous page stays on screen while the next one loads. While
 * it shows pending orders it is asked for again every few seconds besides the live updates, so one
 * that filled or expired leaves the list even when the live stream is down.
 */
export function useOwnOrders(state: TOrderListState, page: number) {
  return useQuery({
    ...ownOrdersQueryOptions(state, page),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      state === 'pending' && (query.state.data?.orders.length ?? 0) > 0 ? PENDING_ORDERS_REFRESH_MS : false,
  });
}
