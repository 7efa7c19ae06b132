import { getStaff as getStaffEndpoint } from '@meridian/contracts/endpoints/staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/staff: every staff member with their role, Admins first. */
export function getStaff(signal?: AbortSignal) {
  return call(getStaffEndpoint, {}, { signal });
}

export const getStaffQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.staff(), queryFn: ({ signal }) => getStaff(signal) });

export function useStaff() {
  return useQuery(getStaffQueryOptions());
}
