import type { TUnlockRequest, TUnlockRequestList } from '@meridian/contracts/recovery';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unlockRequestsKey } from './keys';

/** GET /api/unlock/requests: pending requests, oldest first (admin). */
export async function getUnlockRequests(signal?: AbortSignal): Promise<TUnlockRequest[]> {
  const answer = await api<TUnlockRequestList>('/unlock/requests', { signal });
  return answer.requests;
}

export const unlockRequestsQuery = () =>
  queryOptions({ queryKey: unlockRequestsKey(), queryFn: ({ signal }) => getUnlockRequests(signal) });

export function useUnlockRequests() {
  return useQuery(unlockRequestsQuery());
}
