import type { TUser } from '@meridian/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { api } from '@/lib/api-client';

/** GET /api/client/{id}: the client's profile (never a password). */
export function getClient(id: string, signal?: AbortSignal): Promise<TUser> {
  return api<TUser>(`/client/${encodeURIComponent(id)}`, { signal });
}

export const getClientQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminKeys.clientProfile(id), queryFn: ({ signal }) => getClient(id, signal) });

export function useClient(id: string) {
  return useQuery(getClientQueryOptions(id));
}
