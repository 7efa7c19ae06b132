import { getDepositMethods as getDepositMethodsEndpoint } from '@meridian/contracts/endpoints/methods';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The methods clients can pay in with. Public: sent without a token. */
export async function getDepositMethods(signal?: AbortSignal) {
  const answer = await call(getDepositMethodsEndpoint, {}, { auth: false, signal });
  return answer.depositMethods;
}

export const depositMethodsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.depositMethods(), queryFn: ({ signal }) => getDepositMethods(signal) });

export function useDepositMethods() {
  return useQuery(depositMethodsQueryOptions());
}
