import type { TMessage } from '@meridian/contracts/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { api } from '@/lib/api-client';

/**
 * POST /api/client/{id}/password-reset: emails the client a one-time link to set a new password
 * (DESIGN §1: there is no stored password to show). Answers the server's message.
 */
export function sendPasswordReset(userId: string): Promise<TMessage> {
  return api<TMessage>(`/client/${encodeURIComponent(userId)}/password-reset`, { method: 'POST' });
}

/** The audit log and the mail outbox gain an entry. */
export function useSendPasswordReset(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendPasswordReset(userId),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.outbox() });
    },
  });
}
