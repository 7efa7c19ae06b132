import { getReserveProof as endpoint } from '@meridian/contracts/endpoints/reserves';
import type { TReserveProof } from '@meridian/contracts/reserves';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { reserveKeys } from './reserve-keys';

/** GET /api/reserves/proof?snapshot=: the signed-in client's own leaf and Merkle path; 404 when they are not in it. */
export function getReserveProof(snapshotId: string | undefined, signal?: AbortSignal): Promise<TReserveProof> {
  return call(endpoint, { query: snapshotId ? { snapshot: snapshotId } : {} }, { signal });
}

export const reserveProofQueryOptions = (snapshotId: string | undefined) =>
  queryOptions({
    queryKey: reserveKeys.proof(snapshotId),
    queryFn: ({ signal }) => getReserveProof(snapshotId, signal),
    // A snapshot never changes: its proof neither.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function useReserveProof(snapshotId: string | undefined, enabled: boolean) {
  return useQuery({ ...reserveProofQueryOptions(snapshotId), enabled });
}
