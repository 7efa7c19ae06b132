import type { TMessage } from '@meridian/contracts/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { api } from '@/lib/api-client';

/** POST /api/client/verify/{id} or /api/client/unverify/{id}. */
export function setVerified(userId: string, verified: boolean): Promise<TMessage> {
  const id = encodeURIComponent(userId);
  return api<TMessage>(verified ? `/client/verify/${id}` : `/client/unverify/${id}`, { method: 'POST' });
}

/** The client's record (Verified badge) and the audit log change. */
export function useSetVerified(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (verified: boolean) => setVerified(userId, verified),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.clientProfile(userId) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}
