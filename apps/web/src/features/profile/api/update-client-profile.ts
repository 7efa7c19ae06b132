import type { TClientUpdateInput, TClientUpdateResponse } from '@meridian/contracts/client-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileKeys } from './keys';
import { syncSessionUser } from './sync-session';

/** PUT /api/client/{userId}: the client's own details; answers the saved record. */
export function updateClientProfile(userId: string, input: TClientUpdateInput): Promise<TClientUpdateResponse> {
  return api<TClientUpdateResponse>(`/client/${encodeURIComponent(userId)}`, { method: 'PUT', json: input });
}

/** The profile is replaced by the saved record, and so is the session's user (the header's name). */
export function useUpdateClientProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TClientUpdateInput) => updateClientProfile(userId, input),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(profileKeys.client(userId), user);
      syncSessionUser(user);
    },
  });
}
