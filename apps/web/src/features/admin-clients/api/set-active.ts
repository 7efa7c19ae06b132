import type { TMessage } from '@meridian/contracts/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { api } from '@/lib/api-client';

/** POST /api/user/activate/{id} or /api/user/deactivate/{id} (deactivating signs the client out). */
export function setActive(userId: string, active: boolean): Promise<TMessage> {
  const id = encodeURIComponent(userId);
  return api<TMessage>(active ? `/user/activate/${id}` : `/user/deactivate/${id}`, { method: 'POST' });
}

/** The client's record (status badge, dot) and the audit log change. */
export function useSetActive(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (active: boolean) => setActive(userId, active),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.clientProfile(userId) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}
