import { activateClient, deactivateClient } from '@meridian/contracts/endpoints/client-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/user/activate/{id} or /api/user/deactivate/{id} (deactivating signs the client out). */
export function setActive(userId: string, active: boolean) {
  return call(active ? activateClient : deactivateClient, { params: { id: userId } });
}

/** The client's record (status badge, dot), the client list and the audit log change. */
export function useSetActive(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (active: boolean) => setActive(userId, active),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.client(userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.clients() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit() });
    },
  });
}
