import { resendMail as resendMailEndpoint } from '@meridian/contracts/endpoints/audit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/admin/outbox/{id}/resend: a failed mail goes back in the queue, sent at once. */
export function resendMail(id: string) {
  return call(resendMailEndpoint, { params: { id } });
}

/** The mail changes status in the outbox; the audit log gains the resend. */
export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendMail,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.outbox() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit() });
    },
  });
}
