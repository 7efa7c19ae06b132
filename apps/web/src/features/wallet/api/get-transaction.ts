import type { TTransaction } from '@meridian/contracts/transactions';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { walletKeys } from './keys';

/** GET /api/transaction/{id}: one transaction of the client's history. */
export function getTransaction(id: string, signal?: AbortSignal): Promise<TTransaction> {
  return api<TTransaction>(`/transaction/${encodeURIComponent(id)}`, { signal });
}

export function useTransaction(id: string) {
  return useQuery({ queryKey: walletKeys.transaction(id), queryFn: ({ signal }) => getTransaction(id, signal) });
}
