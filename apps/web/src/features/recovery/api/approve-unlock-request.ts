import { approveUnlockRequest as approveUnlockRequestEndpoint } from '@meridian/contracts/endpoints/recovery';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /api/unlock/approve/{id}: a temporary code is emailed to the person. */
export function approveUnlockRequest(id: string) {
  return call(approveUnlockRequestEndpoint, { params: { id } });
}

/** The request leaves the queue; the audit log and the mail outbox gain an entry. */
export function useApproveUnlockRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveUnlockRequest,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.unlockRequests() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.outbox() });
    },
  });
}
