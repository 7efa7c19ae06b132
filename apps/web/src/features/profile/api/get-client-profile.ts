import type { TUser } from '@meridian/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileKeys } from './keys';

/** GET /api/client/{userId}: the client's own record (never a password). */
export function getClientProfile(userId: string, signal?: AbortSignal): Promise<TUser> {
  return api<TUser>(`/client/${encodeURIComponent(userId)}`, { signal });
}

export const clientProfileQueryOptions = (userId: string) =>
  queryOptions({ queryKey: profileKeys.client(userId), queryFn: ({ signal }) => getClientProfile(userId, signal) });

export function useClientProfile(userId: string) {
  return useQuery(clientProfileQueryOptions(userId));
}
