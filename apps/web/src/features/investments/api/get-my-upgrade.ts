import { getMyUpgradeRequest as getMyUpgradeRequestEndpoint } from '@meridian/contracts/endpoints/upgrades';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/investment/upgrade/user/:userId: the client's latest upgrade request (pending or decided), or null. */
export async function getMyUpgradeRequest(userId: string, signal?: AbortSignal) {
  const answer = await call(getMyUpgradeRequestEndpoint, { params: { userId } }, { signal });
  return answer.upgradeRequest;
}

export const myUpgradeQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...queryKeys.upgradeRequests(), 'user', userId],
    queryFn: ({ signal }) => getMyUpgradeRequest(userId, signal),
  });

/**
 * The client's latest upgrade request. Only a client with a plan can have one (an upgrade needs a
 * plan to move from), so `enabled` false skips the call for everyone else.
 */
export function useMyUpgradeRequest(userId: string, enabled = true) {
  return useQuery({ ...myUpgradeQueryOptions(userId), enabled: enabled && userId !== '' });
}

/** The request still waiting for an admin, if the latest one is. */
export function usePendingUpgrade(userId: string, enabled = true) {
  const query = useMyUpgradeRequest(userId, enabled);
  return query.data?.status === 'pending' ? query.data : null;
}
