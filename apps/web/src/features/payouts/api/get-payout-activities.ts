import { getTradeActivities as getTradeActivitiesEndpoint } from '@meridian/contracts/endpoints/payouts';
import { PAYOUT_ACTIVITY_REFRESH_MS } from '@meridian/contracts/payouts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/trade/activities/:userId: the client's paid and rejected payouts of the last 24 hours, with totals. */
export function getPayoutActivities(userId: string, signal?: AbortSignal) {
  return call(getTradeActivitiesEndpoint, { params: { userId } }, { signal });
}

export const payoutActivitiesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...queryKeys.trades(), 'activities', userId],
    queryFn: ({ signal }) => getPayoutActivities(userId, signal),
  });

/** Refetched every 30 s while the page is open (spec: trade activities refresh every 30 s). */
export function usePayoutActivities(userId: string) {
  return useQuery({ ...payoutActivitiesQueryOptions(userId), refetchInterval: PAYOUT_ACTIVITY_REFRESH_MS });
}
