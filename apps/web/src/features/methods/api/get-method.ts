import { getDepositMethod, getWithdrawalMethod } from '@meridian/contracts/endpoints/methods';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { METHOD_KINDS, type TMethod, type TMethodKind } from './method-kinds';

/** One method of the kind. */
export function getMethod(kind: TMethodKind, id: string, signal?: AbortSignal): Promise<TMethod> {
  const input = { params: { id } };
  return kind === 'deposit' ? call(getDepositMethod, input, { signal }) : call(getWithdrawalMethod, input, { signal });
}

export const getMethodQueryOptions = (kind: TMethodKind, id: string) =>
  queryOptions({
    queryKey: METHOD_KINDS[kind].detailKey(id),
    queryFn: ({ signal }) => getMethod(kind, id, signal),
  });

export function useMethod(kind: TMethodKind, id: string) {
  return useQuery(getMethodQueryOptions(kind, id));
}
