import { getWithdrawalMethods as getWithdrawalMethodsEndpoint } from '@meridian/contracts/endpoints/methods';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The methods clients can be paid out with. */
export async function getWithdrawalMethods(signal?: AbortSignal) {
  const answer = await call(getWithdrawalMethodsEndpoint, {}, { signal });
  return answer.withdrawalMethods;
}

export const withdrawalMethodsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.withdrawalMethods(), queryFn: ({ signal }) => getWithdrawalMethods(signal) });

export function useWithdrawalMethods() {
  return useQuery(withdrawalMethodsQueryOptions());
}
