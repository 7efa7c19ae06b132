import { sendInAppMessage } from '@meridian/contracts/endpoints/notifications';
import type { TInAppMessageInput } from '@meridian/contracts/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/inappmessage: an admin's message to a client (the sender is the caller). */
export function sendMessage(body: TInAppMessageInput) {
  return call(sendInAppMessage, { body });
}

/** The receiver's messages (if cached) and the audit log change. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSettled: (_data, _error, body) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications(body.receiver) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit() });
    },
  });
}
