import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { api } from '@/lib/api-client';
import { clientListKey } from './get-clients';
import { statsKey } from './get-stats';

/** DELETE /api/client/{id}: closes the account; 409 with the reason while it holds money. */
export function closeClient(id: string): Promise<{ message: string }> {
  return api<{ message: string }>(`/client/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Delete client: the lists, the Total Clients card, that client's own views and the audit log change. */
export function useCloseClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeClient,
    onSuccess: (_answer, id) => {
      void queryClient.invalidateQueries({ queryKey: clientListKey() });
      void queryClient.invalidateQueries({ queryKey: statsKey() });
      queryClient.removeQueries({ queryKey: adminKeys.client(id) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}
