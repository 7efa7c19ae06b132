import type { TClientUpdateInput } from '@meridian/contracts/client-actions';
import { updateClient as updateClientEndpoint } from '@meridian/contracts/endpoints/client-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /api/client/{userId}: the client's details; answers the saved client. */
export function updateClient(userId: string, body: TClientUpdateInput) {
  return call(updateClientEndpoint, { params: { userId }, body });
}

/** The client's record is replaced by the saved one; the client list and the audit log change. */
export function useUpdateClient(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TClientUpdateInput) => updateClient(userId, input),
    onSuccess: ({ user }) => queryClient.setQueryData(queryKeys.client(userId), user),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.client(userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.clients() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit() });
    },
  });
}
