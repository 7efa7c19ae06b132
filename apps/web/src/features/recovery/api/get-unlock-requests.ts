import { getUnlockRequests as getUnlockRequestsEndpoint } from '@meridian/contracts/endpoints/recovery';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/unlock/requests: pending requests, oldest first (admin). */
export async function getUnlockRequests(signal?: AbortSignal) {
  const answer = await call(getUnlockRequestsEndpoint, {}, { signal });
  return answer.requests;
}

export const unlockRequestsQuery = () =>
  queryOptions({ queryKey: queryKeys.unlockRequests(), queryFn: ({ signal }) => getUnlockRequests(signal) });

export function useUnlockRequests() {
  return useQuery(unlockRequestsQuery());
}
