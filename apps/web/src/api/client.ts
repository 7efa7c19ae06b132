import { getClient as getClientEndpoint } from '@meridian/contracts/endpoints/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { session } from '@/lib/session';

/** GET /api/client/{userId}: a client's record (their own, or any client's for an admin); never a password. */
export function getClient(userId: string, signal?: AbortSignal) {
  return call(getClientEndpoint, { params: { userId } }, { signal });
}

/** The client's record, under the one key every screen showing it shares; an empty id waits. */
export const clientQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.client(userId),
    queryFn: ({ signal }) => getClient(userId, signal),
    enabled: userId !== '',
  });

export function useClient(userId: string) {
  return useQuery(clientQuery(userId));
}

/**
 * Keeps the signed-in client's session fresh with what an admin may have changed since sign-in (the
 * alert banners, whether withdrawals are enabled), so every screen sees the same record. Quiet on
 * failure: the session's copy stays.
 */
export function useFreshClient(userId: string): void {
  const { data } = useClient(userId);
  useEffect(() => {
    if (data && session.get()?.user.id === data.id) session.updateUser(data);
  }, [data]);
}
