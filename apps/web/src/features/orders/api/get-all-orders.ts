import { getAllOrders as getAllOrdersEndpoint } from '@meridian/contracts/endpoints/orders';
import type { TOrderList } from '@meridian/contracts/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { ORDERS_CACHE_MS, ORDERS_PAGE_LIMIT, PENDING_ORDERS_REFRESH_MS, type TOrderListState } from '../constants';

/** GET /api/orders/all?state=&page=: a page of every client's orders (each with its client), newest first. */
export function getAllOrders(state: TOrderListState, page: number, signal?: AbortSignal): Promise<TOrderList> {
  return call(getAllOrdersEndpoint, { query: { state, page, limit: ORDERS_PAGE_LIMIT } }, { signal });
}

export const allOrdersQueryOptions = (state: TOrderListState, page: number) =>
  queryOptions({
    queryKey: [...queryKeys.orders(), 'all', { state, page }],
    queryFn: ({ signal }) => getAllOrders(state, page, signal),
    staleTime: ORDERS_CACHE_MS,
  });

/** A page of the desk's list; pending orders fill, expire or are cancelled while the admin watches. */
export function useAllOrders(state: TOrderListState, page: number) {
  return useQuery({
    ...allOrdersQueryOptions(state, page),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      state === 'pending' && (query.state.data?.orders.length ?? 0) > 0 ? PENDING_ORDERS_REFRESH_MS : false,
  });
}
