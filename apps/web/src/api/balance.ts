import { getBalance as getBalanceEndpoint } from '@meridian/contracts/endpoints/balances';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/balance/:userId: every part of a client's money and the totals of their history
 * (docs/money.md). The client's wallet and the admin's client page read it under the same key.
 */
export function getBalance(userId: string, signal?: AbortSignal) {
  return call(getBalanceEndpoint, { params: { userId } }, { signal });
}

export const balanceQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKeys.balance(userId), queryFn: ({ signal }) => getBalance(userId, signal) });

export function useBalance(userId: string) {
  return useQuery(balanceQueryOptions(userId));
}
