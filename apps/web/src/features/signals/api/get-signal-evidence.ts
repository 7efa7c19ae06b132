import { getSignalEvidence as getSignalEvidenceEndpoint } from '@meridian/contracts/endpoints/signals';
import type { TSignalEvidenceAnswer } from '@meridian/contracts/signals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/signal/:id/evidence: what the stored 1-minute candles say about a signal now. */
export function getSignalEvidence(id: string, signal?: AbortSignal): Promise<TSignalEvidenceAnswer> {
  return call(getSignalEvidenceEndpoint, { params: { id } }, { signal });
}

export const signalEvidenceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.signals(), 'admin', 'evidence', id],
    queryFn: ({ signal }) => getSignalEvidence(id, signal),
    // The evidence grows by a candle a minute: read it afresh every time the dialog opens.
    staleTime: 0,
    gcTime: 0,
  });

export function useSignalEvidence(id: string) {
  return useQuery(signalEvidenceQueryOptions(id));
}
