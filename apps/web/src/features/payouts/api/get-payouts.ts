import { getDueTrades, getPendingTrades, getRejectedTrades } from '@meridian/contracts/endpoints/payouts';
import { PAYOUT_ACTIVITY_REFRESH_MS, type TPayoutPage } from '@meridian/contracts/payouts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The admin's three payout lists: the Trade Log (pending), Due trades and Rejected trades. */
export type TPayoutList = 'pending' | 'due' | 'rejected';

/** Lists are paged by 10. */
export const PAYOUT_PAGE_LIMIT = 10;

const ENDPOINTS = { pending: getPendingTrades, due: getDueTrades, rejected: getRejectedTrades } as const;

/** One page of a list, with how many there are in all (the count card). */
export function getPayouts(list: TPayoutList, page: number, signal?: AbortSignal): Promise<TPayoutPage> {
  return call(ENDPOINTS[list], { query: { page, limit: PAYOUT_PAGE_LIMIT } }, { signal });
}

export const getPayoutsQueryOptions = (list: TPayoutList, page: number) =>
  queryOptions({
    queryKey: [...queryKeys.trades(), 'admin', list, { page }],
    queryFn: ({ signal }) => getPayouts(list, page, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    // Payouts fall due, and the job runner pays them, while the page is open.
    refetchInterval: list === 'rejected' ? false : PAYOUT_ACTIVITY_REFRESH_MS,
  });

export function usePayouts(list: TPayoutList, page: number) {
  return useQuery(getPayoutsQueryOptions(list, page));
}
