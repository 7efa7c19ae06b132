import { getPublicReserves as endpoint } from '@meridian/contracts/endpoints/reserves';
import type { TReserveSnapshotSummary } from '@meridian/contracts/reserves';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { reserveKeys } from './reserve-keys';

/** GET /api/public/reserves: the latest root and totals; 404 when none is published (or the operator hides them). */
export function getPublicReserves(signal?: AbortSignal): Promise<TReserveSnapshotSummary> {
  return call(endpoint, {}, { signal, auth: false });
}

export const publicReservesQueryOptions = () =>
  queryOptions({ queryKey: reserveKeys.public(), queryFn: ({ signal }) => getPublicReserves(signal), retry: false });

export function usePublicReserves() {
  return useQuery(publicReservesQueryOptions());
}
