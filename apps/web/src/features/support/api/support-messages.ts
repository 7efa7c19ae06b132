import type { TSupportMessage, TSupportMessageInput } from '@meridian/contracts/support';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { api } from '@/lib/api-client';

/** The admin's cached list of support messages. */
export const supportMessagesKey = () => ['admin', 'supportMessages'] as const;

/** POST /api/messagereq: the public support form; answers `{ message }`. */
export function sendSupportMessage(values: TSupportMessageInput): Promise<{ message: string }> {
  return api<{ message: string }>('/messagereq', { method: 'POST', json: values, auth: false });
}

export function useSendSupportMessage() {
  return useMutation({ mutationFn: sendSupportMessage });
}

/** GET /api/messagereq: every message, newest first (admin). */
export async function getSupportMessages(signal?: AbortSignal): Promise<TSupportMessage[]> {
  const answer = await api<{ messages: TSupportMessage[] }>('/messagereq', { signal });
  return answer.messages;
}

export function useSupportMessages() {
  return useQuery({ queryKey: supportMessagesKey(), queryFn: ({ signal }) => getSupportMessages(signal) });
}

/** DELETE /api/messagereq/{id}; the list refreshes. */
export function useDeleteSupportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ message: string }>(`/messagereq/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: supportMessagesKey() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}
