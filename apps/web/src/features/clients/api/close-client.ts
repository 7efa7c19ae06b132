import { closeClient as closeClientEndpoint } from '@meridian/contracts/endpoints/clients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/client/{userId}: closes the account; 409 with the reason while it holds money. */
export function closeClient(userId: string) {
  return call(closeClientEndpoint, { params: { userId } });
}

/** Delete client: the lists, the Total Clients card, that client's own views and the audit log change. */
export function useCloseClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeClient,
    onSuccess: (_answer, userId) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.clients() });
      queryClient.removeQueries({ queryKey: queryKeys.client(userId) });
      queryClient.removeQueries({ queryKey: queryKeys.balance(userId) });
      queryClient.removeQueries({ queryKey: queryKeys.userTransactions(userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit() });
    },
  });
}
