import { sendSupportMessage as sendSupportMessageEndpoint } from '@meridian/contracts/endpoints/support';
import type { TSupportMessageInput } from '@meridian/contracts/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/messagereq: the public support form (no session needed); answers `{ message }`. */
export function sendSupportMessage(body: TSupportMessageInput) {
  return call(sendSupportMessageEndpoint, { body }, { auth: false });
}

/** A new message joins the admin's list (when an admin sends one from the same browser). */
export function useSendSupportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSupportMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.supportMessages() }),
  });
}
