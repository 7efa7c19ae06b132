import type { TAdminProfileUpdateInput, TAdminProfileUpdateResponse } from '@meridian/contracts/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileKeys } from './keys';
import { syncSessionUser } from './sync-session';

/** PUT /api/admin/{id}: the admin's own details; answers the saved record. */
export function updateAdminProfile(id: string, input: TAdminProfileUpdateInput): Promise<TAdminProfileUpdateResponse> {
  return api<TAdminProfileUpdateResponse>(`/admin/${encodeURIComponent(id)}`, { method: 'PUT', json: input });
}

export function useUpdateAdminProfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TAdminProfileUpdateInput) => updateAdminProfile(id, input),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(profileKeys.admin(id), user);
      syncSessionUser(user);
    },
  });
}
