import { getWithdrawalLimits as getWithdrawalLimitsEndpoint } from '@meridian/contracts/endpoints/withdrawals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/withdrawal/limits/:userId: the client's withdrawal limits and what is left of each now
 * (docs/money.md, "Withdrawal limits"). Shown before the client types; the server checks again.
 */
export function getWithdrawalLimits(userId: string, signal?: AbortSignal) {
  return call(getWithdrawalLimitsEndpoint, { params: { userId } }, { signal });
}

export const withdrawalLimitsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.withdrawalLimits(userId),
    queryFn: ({ signal }) => getWithdrawalLimits(userId, signal),
  });

export function useWithdrawalLimits(userId: string) {
  return useQuery(withdrawalLimitsQueryOptions(userId));
}
