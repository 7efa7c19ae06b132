import { getDueTrades, getPendingTrades, getRejectedTrades } from '@meridian/contracts/endpoints/payouts';
import { TRADE_ACTIVITY_REFRESH_MS, type TTradePage } from '@meridian/contracts/payouts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The admin's three payout lists: the Trade Log (pending), Due trades and Rejected trades. */
export type TTradeList = 'pending' | 'due' | 'rejected';

/** Lists are paged by 10. */
export const TRADE_PAGE_LIMIT = 10;

const ENDPOINTS = { pending: getPendingTrades, due: getDueTrades, rejected: getRejectedTrades } as const;

/** One page of a list, with how many there are in all (the count card). */
export function getTrades(list: TTradeList, page: number, signal?: AbortSignal): Promise<TTradePage> {
  return call(ENDPOINTS[list], { query: { page, limit: TRADE_PAGE_LIMIT } }, { signal });
}

export const getTradesQueryOptions = (list: TTradeList, page: number) =>
  queryOptions({
    queryKey: [...queryKeys.trades(), 'admin', list, { page }],
    queryFn: ({ signal }) => getTrades(list, page, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    // Payouts fall due, and the job runner pays them, while the page is open.
    refetchInterval: list === 'rejected' ? false : TRADE_ACTIVITY_REFRESH_MS,
  });

export function useTrades(list: TTradeList, page: number) {
  return useQuery(getTradesQueryOptions(list, page));
}
