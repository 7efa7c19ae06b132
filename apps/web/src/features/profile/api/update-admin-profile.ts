import { updateAdminProfile as updateAdminProfileEndpoint } from '@meridian/contracts/endpoints/profile';
import type { TAdminProfileUpdateInput } from '@meridian/contracts/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { syncSessionUser } from './sync-session';

/** PUT /api/admin/{id}: the admin's own details; answers the saved record. */
export function updateAdminProfile(id: string, body: TAdminProfileUpdateInput) {
  return call(updateAdminProfileEndpoint, { params: { id }, body });
}

/** The profile is replaced by the saved record, and so is the session's user (the header's name). */
export function useUpdateAdminProfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAdminProfileUpdateInput) => updateAdminProfile(id, body),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(queryKeys.admin(id), user);
      syncSessionUser(user);
    },
  });
}
