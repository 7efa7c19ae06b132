import type { TInAppMessageInput } from '@meridian/contracts/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messagesQueryKey } from './get-messages';

/** PUT /api/inappmessage/markall/{userId}. */
export function markAllRead(userId: string): Promise<{ message: string }> {
  return api<{ message: string }>(`/inappmessage/markall/${encodeURIComponent(userId)}`, { method: 'PUT' });
}

/** DELETE /api/inappmessage/{id}. */
export function deleteMessage(id: string): Promise<{ message: string }> {
  return api<{ message: string }>(`/inappmessage/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** POST /api/inappmessage (admin). */
export function sendMessage(body: TInAppMessageInput): Promise<{ message: string }> {
  return api<{ message: string }>('/inappmessage', { method: 'POST', json: body });
}

/** Both refresh the list, which is also the bell's query: its count falls at once. */
export function useMarkAllRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markAllRead(userId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagesQueryKey(userId) }),
  });
}

export function useDeleteMessage(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteMessage(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagesQueryKey(userId) }),
  });
}

/** The receiver's list (if an admin has it cached) is refreshed too. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TInAppMessageInput) => sendMessage(body),
    onSettled: (_data, _error, body) => queryClient.invalidateQueries({ queryKey: messagesQueryKey(body.receiver) }),
  });
}
