import { getAdminProfile as getAdminProfileEndpoint } from '@meridian/contracts/endpoints/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/admin/{id}: an admin's record. */
export function getAdminProfile(id: string, signal?: AbortSignal) {
  return call(getAdminProfileEndpoint, { params: { id } }, { signal });
}

export const adminProfileQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.admin(id), queryFn: ({ signal }) => getAdminProfile(id, signal) });

export function useAdminProfile(id: string) {
  return useQuery(adminProfileQueryOptions(id));
}
