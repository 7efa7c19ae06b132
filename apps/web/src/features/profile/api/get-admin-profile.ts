import type { TUser } from '@meridian/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileKeys } from './keys';

/** GET /api/admin/{id}: an admin's record (spec 02 §7 "Admin profile"). */
export function getAdminProfile(id: string, signal?: AbortSignal): Promise<TUser> {
  return api<TUser>(`/admin/${encodeURIComponent(id)}`, { signal });
}

export const adminProfileQueryOptions = (id: string) =>
  queryOptions({ queryKey: profileKeys.admin(id), queryFn: ({ signal }) => getAdminProfile(id, signal) });

export function useAdminProfile(id: string) {
  return useQuery(adminProfileQueryOptions(id));
}
