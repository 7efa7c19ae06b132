import { getPlans as getPlansEndpoint } from '@meridian/contracts/endpoints/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/investmentplan: the live plans, cheapest first. */
export async function getPlans(signal?: AbortSignal) {
  const answer = await call(getPlansEndpoint, {}, { signal });
  return answer.investmentPlans;
}

export const plansQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.plans(), queryFn: ({ signal }) => getPlans(signal) });

export function usePlans() {
  return useQuery(plansQueryOptions());
}
