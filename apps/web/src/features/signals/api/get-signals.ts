import { getAllSignals } from '@meridian/contracts/endpoints/signals';
import type { TSignalList } from '@meridian/contracts/signals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Lists are fresh for 10 seconds. */
const SIGNALS_CACHE_MS = 10_000;
/**
 * While a signal is not settled the list is asked for again this often: signals open and close
 * (and the job runner settles them) while the admin watches.
 */
export const UNSETTLED_SIGNALS_REFRESH_MS = 15_000;

/** GET /api/signal/all: every signal, newest first. */
export function getSignals(signal?: AbortSignal): Promise<TSignalList> {
  return call(getAllSignals, {}, { signal });
}

export const signalsQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.signals(), 'admin', 'all'],
    queryFn: ({ signal }) => getSignals(signal),
    staleTime: SIGNALS_CACHE_MS,
  });

const hasUnsettled = (data: TSignalList | undefined) => data?.signals.some((s) => s.result === null) ?? false;

export function useSignals() {
  return useQuery({
    ...signalsQueryOptions(),
    refetchInterval: (query) => (hasUnsettled(query.state.data) ? UNSETTLED_SIGNALS_REFRESH_MS : false),
  });
}
