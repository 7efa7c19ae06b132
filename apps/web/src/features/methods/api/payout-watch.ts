import type { TPayoutWatchInput } from '@meridian/contracts/chain-payouts';
import { getPayoutWatch, setPayoutWatch } from '@meridian/contracts/endpoints/chain-payouts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { METHOD_KINDS } from './method-kinds';

/** Where a withdrawal method's chain watch is cached: beside the method's own page. */
export const payoutWatchKey = (id: string) => [...METHOD_KINDS.withdrawal.detailKey(id), 'payout-watch'] as const;

/**
 * A withdrawal method's chain watch (docs/money.md, "Withdrawals paid on chain"), or null when the
 * method is not watched (the server answers 404 for that).
 */
export async function readPayoutWatch(id: string, signal?: AbortSignal) {
  try {
    return await call(getPayoutWatch, { params: { id } }, { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404 && err.body.key === 'withdrawals.notWatched') return null;
    throw err;
  }
}

export const payoutWatchQueryOptions = (id: string) =>
  queryOptions({ queryKey: payoutWatchKey(id), queryFn: ({ signal }) => readPayoutWatch(id, signal) });

export function usePayoutWatch(id: string) {
  return useQuery(payoutWatchQueryOptions(id));
}

/** Creates or changes the watch; the section shows the saved one, the audit log refreshes. */
export function useSavePayoutWatch(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPayoutWatchInput) => call(setPayoutWatch, { params: { id }, body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(payoutWatchKey(id), answer.watch);
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit() });
    },
  });
}
