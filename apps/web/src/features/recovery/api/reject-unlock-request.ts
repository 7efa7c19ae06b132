import { rejectUnlockRequest as rejectUnlockRequestEndpoint } from '@meridian/contracts/endpoints/recovery';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /api/unlock/reject/{id}: the person is told by email. */
export function rejectUnlockRequest(id: string) {
  return call(rejectUnlockRequestEndpoint, { params: { id } });
}

/** The request leaves the queue; the audit log and the mail outbox gain an entry. */
export function useRejectUnlockRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectUnlockRequest,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.unlockRequests() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.outbox() });
    },
  });
}
