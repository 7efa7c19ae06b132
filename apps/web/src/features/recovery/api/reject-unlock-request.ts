import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { api } from '@/lib/api-client';
import { unlockRequestsKey } from './keys';

/** PUT /api/unlock/reject/{id}: the person is told by email. */
export function rejectUnlockRequest(id: string) {
  return api<{ message: string }>(`/unlock/reject/${encodeURIComponent(id)}`, { method: 'PUT' });
}

export function useRejectUnlockRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectUnlockRequest,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: unlockRequestsKey() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.outbox() });
    },
  });
}
