import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { api } from '@/lib/api-client';
import { unlockRequestsKey } from './keys';

/** PUT /api/unlock/approve/{id}: a temporary code is emailed to the person. */
export function approveUnlockRequest(id: string) {
  return api<{ message: string }>(`/unlock/approve/${encodeURIComponent(id)}`, { method: 'PUT' });
}

export function useApproveUnlockRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveUnlockRequest,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: unlockRequestsKey() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.outbox() });
    },
  });
}
