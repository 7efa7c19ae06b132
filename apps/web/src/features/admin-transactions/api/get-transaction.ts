import type { TTransaction } from '@meridian/contracts/transactions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { api } from '@/lib/api-client';

/** GET /api/transaction/{id}: one record with its client. */
export function getTransaction(id: string, signal?: AbortSignal): Promise<TTransaction> {
  return api<TTransaction>(`/transaction/${encodeURIComponent(id)}`, { signal });
}

export const getTransactionQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminKeys.transaction(id), queryFn: ({ signal }) => getTransaction(id, signal) });

export function useTransaction(id: string) {
  return useQuery(getTransactionQueryOptions(id));
}
