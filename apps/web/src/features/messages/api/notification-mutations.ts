import { deleteInAppMessage, markAllInAppMessagesRead } from '@meridian/contracts/endpoints/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /api/inappmessage/markall/{userId}. */
export function markAllRead(userId: string) {
  return call(markAllInAppMessagesRead, { params: { userId } });
}

/** DELETE /api/inappmessage/{id} (its receiver's own). */
export function deleteMessage(id: string) {
  return call(deleteInAppMessage, { params: { id } });
}

/** Both refresh the list, which is also the bell's query: its count falls at once. */
export function useMarkAllRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markAllRead(userId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications(userId) }),
  });
}

export function useDeleteMessage(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteMessage(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications(userId) }),
  });
}
