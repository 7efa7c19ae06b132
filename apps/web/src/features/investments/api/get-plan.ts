import { getPlan as getPlanEndpoint } from '@meridian/contracts/endpoints/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/investmentplan/:id: one plan (404 when it does not exist or was deleted). */
export function getPlan(id: string, signal?: AbortSignal) {
  return call(getPlanEndpoint, { params: { id } }, { signal });
}

export const planQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.plan(id), queryFn: ({ signal }) => getPlan(id, signal) });

export function usePlan(id: string) {
  return useQuery(planQueryOptions(id));
}
