import type { TBalanceSummary } from '@meridian/contracts/balances';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { walletKeys } from './keys';

/** GET /api/balance/{userId}: every part of the client's money, and the totals of their history. */
export function getBalance(userId: string, signal?: AbortSignal): Promise<TBalanceSummary> {
  return api<TBalanceSummary>(`/balance/${encodeURIComponent(userId)}`, { signal });
}

export function balanceQueryOptions(userId: string) {
  return queryOptions({
    queryKey: walletKeys.balance(userId),
    queryFn: ({ signal }) => getBalance(userId, signal),
  });
}

export function useBalance(userId: string) {
  return useQuery(balanceQueryOptions(userId));
}
