import type { TUser } from '@meridian/contracts/auth';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import { session } from '@/lib/session';
import { walletKeys } from './keys';

/** GET /api/client/{userId}: the client's own record, as the admin last left it. */
export function getClient(userId: string, signal?: AbortSignal): Promise<TUser> {
  return api<TUser>(`/client/${encodeURIComponent(userId)}`, { signal });
}

/**
 * Keeps the signed-in user fresh where it matters for money: the alert banners an admin sets and
 * whether withdrawals are enabled. The session is updated, so every screen sees the same record.
 * Quiet on failure: the session's copy stays.
 */
export function useFreshClient(userId: string): void {
  const { data } = useQuery({
    queryKey: walletKeys.client(userId),
    queryFn: ({ signal }) => getClient(userId, signal),
    enabled: userId !== '',
  });
  useEffect(() => {
    if (data) session.updateUser(data);
  }, [data]);
}
