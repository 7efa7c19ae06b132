import { getActiveSignals as getActiveSignalsEndpoint } from '@meridian/contracts/endpoints/signals';
import type { TSignalList } from '@meridian/contracts/signals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { EXPIRED_SIGNALS_REFRESH_MS } from '../constants';
import { signalPhase } from '../utils/signal-phase';

/** GET /api/signal/active: the signals not yet completed, soonest first, each saying whether the caller joined. */
export function getActiveSignals(signal?: AbortSignal) {
  return call(getActiveSignalsEndpoint, {}, { signal });
}

export const activeSignalsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...queryKeys.signals(), 'active', userId],
    queryFn: ({ signal }) => getActiveSignals(signal),
  });

const hasExpired = (data: TSignalList | undefined) =>
  data?.signals.some((s) => signalPhase(s, Date.now()).phase === 'expired') ?? false;

/** The active signals; while one past its closing time is still listed (not settled yet), asked for again. */
export function useActiveSignals(userId: string) {
  return useQuery({
    ...activeSignalsQueryOptions(userId),
    refetchInterval: (query) => (hasExpired(query.state.data) ? EXPIRED_SIGNALS_REFRESH_MS : false),
  });
}
