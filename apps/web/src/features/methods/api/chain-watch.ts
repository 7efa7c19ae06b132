import type { TChainWatchInput } from '@meridian/contracts/chain-deposits';
import { getChainWatch, setChainWatch } from '@meridian/contracts/endpoints/chain-deposits';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { METHOD_KINDS } from './method-kinds';

/** Where a deposit method's chain watch is cached: beside the method's own page. */
export const chainWatchKey = (id: string) => [...METHOD_KINDS.deposit.detailKey(id), 'chain-watch'] as const;

/**
 * A deposit method's chain watch (docs/operations.md, "Watched deposit methods"), or null when the
 * method is not watched (the server answers 404 for that).
 */
export async function readChainWatch(id: string, signal?: AbortSignal) {
  try {
    return await call(getChainWatch, { params: { id } }, { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404 && err.body.key === 'deposits.notWatched') return null;
    throw err;
  }
}

export const chainWatchQueryOptions = (id: string) =>
  queryOptions({
    queryKey: chainWatchKey(id),
    queryFn: ({ signal }) => readChainWatch(id, signal),
  });

export function useChainWatch(id: string, enabled = true) {
  return useQuery({ ...chainWatchQueryOptions(id), enabled });
}

/** Creates or changes the watch; the section shows the saved one, the audit log refreshes. */
export function useSaveChainWatch(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TChainWatchInput) => call(setChainWatch, { params: { id }, body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(chainWatchKey(id), answer.watch);
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit() });
    },
  });
}
