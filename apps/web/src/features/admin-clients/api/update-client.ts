import type { TClientUpdateInput, TClientUpdateResponse } from '@meridian/contracts/client-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { api } from '@/lib/api-client';

/** PUT /api/client/{id}: the client's details; answers the saved client. */
export function updateClient(userId: string, input: TClientUpdateInput): Promise<TClientUpdateResponse> {
  return api<TClientUpdateResponse>(`/client/${encodeURIComponent(userId)}`, { method: 'PUT', json: input });
}

/** The client's record is replaced by the saved one; the audit log gains the change. */
export function useUpdateClient(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TClientUpdateInput) => updateClient(userId, input),
    onSuccess: ({ user }) => queryClient.setQueryData(adminKeys.clientProfile(userId), user),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.clientProfile(userId) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}
