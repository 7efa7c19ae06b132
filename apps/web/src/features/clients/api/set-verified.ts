import { unverifyClient, verifyClient } from '@meridian/contracts/endpoints/client-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/client/verify/{id} or /api/client/unverify/{id}. */
export function setVerified(userId: string, verified: boolean) {
  return call(verified ? verifyClient : unverifyClient, { params: { id: userId } });
}

/** The client's record (Verified badge), the client list and the audit log change. */
export function useSetVerified(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (verified: boolean) => setVerified(userId, verified),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.client(userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.clients() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit() });
    },
  });
}
