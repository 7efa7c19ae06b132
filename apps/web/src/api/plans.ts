import { getPlans as getPlansEndpoint } from '@meridian/contracts/endpoints/plans';
import type { TInvestmentPlan } from '@meridian/contracts/investments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/investmentplan: every live plan, cheapest first. The admin's plan list, the client's
 * plans page and the upgrade dialog read this one call under one cache entry.
 */
export async function getPlans(signal?: AbortSignal): Promise<TInvestmentPlan[]> {
  return (await call(getPlansEndpoint, {}, { signal })).investmentPlans;
}

export const getPlansQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.plans(), queryFn: ({ signal }) => getPlans(signal) });

export function usePlans() {
  return useQuery(getPlansQueryOptions());
}
