import type { TClientUpdateInput } from '@meridian/contracts/client-actions';
import { updateClient } from '@meridian/contracts/endpoints/client-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { syncSessionUser } from './sync-session';

/** PUT /api/client/{userId}: the client's own details; answers the saved record. */
export function updateClientProfile(userId: string, body: TClientUpdateInput) {
  return call(updateClient, { params: { userId }, body });
}

/**
 * The client's record is replaced by the saved one, and so is the session's user (the header's
 * name); the admin's client list shows the new details.
 */
export function useUpdateClientProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TClientUpdateInput) => updateClientProfile(userId, body),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(queryKeys.client(userId), user);
      syncSessionUser(user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.clients() });
    },
  });
}
