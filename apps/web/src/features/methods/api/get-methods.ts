import { getDepositMethods, getWithdrawalMethods } from '@meridian/contracts/endpoints/methods';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { METHOD_KINDS, type TMethod, type TMethodKind } from './method-kinds';

/** Every live method of the kind, newest first. */
export async function getMethods(kind: TMethodKind, signal?: AbortSignal): Promise<TMethod[]> {
  if (kind === 'deposit') return (await call(getDepositMethods, {}, { signal })).depositMethods;
  return (await call(getWithdrawalMethods, {}, { signal })).withdrawalMethods;
}

export const getMethodsQueryOptions = (kind: TMethodKind) =>
  queryOptions({
    queryKey: METHOD_KINDS[kind].listKey(),
    queryFn: ({ signal }) => getMethods(kind, signal),
  });

export function useMethods(kind: TMethodKind) {
  return useQuery(getMethodsQueryOptions(kind));
}
