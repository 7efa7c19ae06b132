import { getWithdrawalMethod as getWithdrawalMethodEndpoint } from '@meridian/contracts/endpoints/methods';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** One withdrawal method. */
export function getWithdrawalMethod(id: string, signal?: AbortSignal) {
  return call(getWithdrawalMethodEndpoint, { params: { id } }, { signal });
}

export const withdrawalMethodQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.withdrawalMethods(), id],
    queryFn: ({ signal }) => getWithdrawalMethod(id, signal),
  });

export function useWithdrawalMethod(id: string) {
  return useQuery(withdrawalMethodQueryOptions(id));
}
