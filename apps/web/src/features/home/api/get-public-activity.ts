import { getPublicActivity as getPublicActivityEndpoint } from '@meridian/contracts/endpoints/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Asked again every minute while the page is open (the server recomputes it at most every 30 s). */
const MINUTE_MS = 60_000;

/** GET /api/public/activity: real recent events, anonymised; empty when nothing happened lately. */
export function getPublicActivity(signal?: AbortSignal) {
  return call(getPublicActivityEndpoint, {}, { signal, auth: false });
}

export const publicActivityQuery = () =>
  queryOptions({
    queryKey: queryKeys.publicActivity(),
    queryFn: ({ signal }) => getPublicActivity(signal),
    staleTime: MINUTE_MS,
    refetchInterval: MINUTE_MS,
  });

export function usePublicActivity() {
  return useQuery(publicActivityQuery());
}
