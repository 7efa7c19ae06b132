import {
  getBalance as getBalanceEndpoint,
  getEquity as getEquityEndpoint,
} from '@meridian/contracts/endpoints/balances';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/balance/:userId: every part of a client's money, their realised profit and the totals of
 * their history (docs/money.md). The client's wallet and the admin's client page read it under the
 * same key.
 */
export function getBalance(userId: string, signal?: AbortSignal) {
  return call(getBalanceEndpoint, { params: { userId } }, { signal });
}

export const balanceQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKeys.balance(userId), queryFn: ({ signal }) => getBalance(userId, signal) });

export function useBalance(userId: string) {
  return useQuery(balanceQueryOptions(userId));
}

/**
 * GET /api/equity/:userId: the account header's equity, its parts and withdrawable (docs/money.md,
 * "Equity"). Its key sits under the balance's, so whatever refreshes a balance refreshes it too.
 */
export function getEquity(userId: string, signal?: AbortSignal) {
  return call(getEquityEndpoint, { params: { userId } }, { signal });
}

export const equityQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKeys.equity(userId), queryFn: ({ signal }) => getEquity(userId, signal) });

export function useEquity(userId: string) {
  return useQuery(equityQueryOptions(userId));
}
