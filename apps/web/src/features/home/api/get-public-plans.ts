import { getPublicPlans as getPublicPlansEndpoint } from '@meridian/contracts/endpoints/plans';
import type { TPublicPlan } from '@meridian/contracts/investments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The server lets the plans be cached for a minute; the browser need not ask more often. */
const MINUTE_MS = 60_000;

/** GET /api/public/plans: the operator's live plans as a visitor sees them, cheapest first. */
export async function getPublicPlans(signal?: AbortSignal): Promise<TPublicPlan[]> {
  return (await call(getPublicPlansEndpoint, {}, { signal, auth: false })).plans;
}

export const publicPlansQuery = () =>
  queryOptions({
    queryKey: queryKeys.publicPlans(),
    queryFn: ({ signal }) => getPublicPlans(signal),
    staleTime: MINUTE_MS,
  });

export function usePublicPlans() {
  return useQuery(publicPlansQuery());
}
