import { sendPasswordResetLink } from '@meridian/contracts/endpoints/recovery';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /api/client/{userId}/password-reset: emails the client a one-time link to set a new password
 * (there is no stored password to show: docs/deviations.md, "No stored plain-text passwords").
 * Answers the server's message.
 */
export function sendPasswordReset(userId: string) {
  return call(sendPasswordResetLink, { params: { userId } });
}

/** The audit log and the mail outbox gain an entry. */
export function useSendPasswordReset(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendPasswordReset(userId),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.outbox() });
    },
  });
}
