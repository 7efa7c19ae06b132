import { getDepositMethod as getDepositMethodEndpoint } from '@meridian/contracts/endpoints/methods';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** One deposit method with its wallet address. Public: sent without a token. */
export function getDepositMethod(id: string, signal?: AbortSignal) {
  return call(getDepositMethodEndpoint, { params: { id } }, { auth: false, signal });
}

export const depositMethodQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.depositMethods(), id],
    queryFn: ({ signal }) => getDepositMethod(id, signal),
  });

export function useDepositMethod(id: string) {
  return useQuery(depositMethodQueryOptions(id));
}
