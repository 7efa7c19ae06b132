import { getUpgradeRequests as getUpgradeRequestsEndpoint } from '@meridian/contracts/endpoints/upgrades';
import type { TUpgradeRequest } from '@meridian/contracts/investments';
import { PAYOUT_ACTIVITY_REFRESH_MS } from '@meridian/contracts/payouts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/user/upgrade-requests: the pending requests, oldest first. */
export async function getUpgradeRequests(signal?: AbortSignal): Promise<TUpgradeRequest[]> {
  return (await call(getUpgradeRequestsEndpoint, {}, { signal })).upgradeRequests;
}

export const getUpgradeRequestsQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.upgradeRequests(), 'pending'],
    queryFn: ({ signal }) => getUpgradeRequests(signal),
    // Upgrade requests refetch every 30 seconds.
    refetchInterval: PAYOUT_ACTIVITY_REFRESH_MS,
  });

export function useUpgradeRequests() {
  return useQuery(getUpgradeRequestsQueryOptions());
}
