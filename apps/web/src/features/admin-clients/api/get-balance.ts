import type { TBalanceSummary } from '@meridian/contracts/balances';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { api } from '@/lib/api-client';

/** GET /api/balance/{userId}: every part of the client's money (DESIGN §4). */
export function getBalance(userId: string, signal?: AbortSignal): Promise<TBalanceSummary> {
  return api<TBalanceSummary>(`/balance/${encodeURIComponent(userId)}`, { signal });
}

export const getBalanceQueryOptions = (userId: string) =>
  queryOptions({ queryKey: adminKeys.clientBalance(userId), queryFn: ({ signal }) => getBalance(userId, signal) });

export function useBalance(userId: string) {
  return useQuery(getBalanceQueryOptions(userId));
}
