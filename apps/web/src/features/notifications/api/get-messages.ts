import type { TInAppMessageList } from '@meridian/contracts/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** How often the bell asks again while the page is open. */
const REFRESH_MS = 30_000;

/** GET /api/inappmessage/receiver/{userId}: the user's messages, newest first, and the unread count. */
export function getMessages(userId: string, signal?: AbortSignal): Promise<TInAppMessageList> {
  return api<TInAppMessageList>(`/inappmessage/receiver/${encodeURIComponent(userId)}`, { signal });
}

export const messagesQueryKey = (userId: string) => ['inappmessages', userId] as const;

export function getMessagesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: messagesQueryKey(userId),
    queryFn: ({ signal }) => getMessages(userId, signal),
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

/**
 * The unread count for the header bell, kept fresh every 30 s and when the window regains focus.
 * Quiet on failure: no count (no badge) until a call succeeds; after that a failed refresh keeps the
 * last known count rather than putting an error in the header.
 */
export function useUnreadCount(userId: string): number | undefined {
  return useQuery(getMessagesQueryOptions(userId)).data?.unread;
}
