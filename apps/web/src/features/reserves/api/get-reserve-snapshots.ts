import { getReserveSnapshots as endpoint } from '@meridian/contracts/endpoints/reserves';
import type { TReserveSnapshotList } from '@meridian/contracts/reserves';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { reserveKeys } from './reserve-keys';

/** GET /api/reserves/snapshots: the published roots and totals, newest first. */
export function getReserveSnapshots(signal?: AbortSignal): Promise<TReserveSnapshotList> {
  return call(endpoint, {}, { signal });
}

export const reserveSnapshotsQueryOptions = () =>
  queryOptions({ queryKey: reserveKeys.snapshots(), queryFn: ({ signal }) => getReserveSnapshots(signal) });

export function useReserveSnapshots() {
  return useQuery(reserveSnapshotsQueryOptions());
}
