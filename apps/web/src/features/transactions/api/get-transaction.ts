import { getTransaction as getTransactionEndpoint } from '@meridian/contracts/endpoints/transactions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** One record with its client. */
export function getTransaction(id: string, signal?: AbortSignal) {
  return call(getTransactionEndpoint, { params: { id } }, { signal });
}

export const getTransactionQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.transaction(id), queryFn: ({ signal }) => getTransaction(id, signal) });

export function useTransaction(id: string) {
  return useQuery(getTransactionQueryOptions(id));
}
