import { getInAppMessages } from '@meridian/contracts/endpoints/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/inappmessage/receiver/{userId}: the user's messages, newest first, and the unread count. */
export function getMessages(userId: string, signal?: AbortSignal) {
  return call(getInAppMessages, { params: { userId } }, { signal });
}

export function getMessagesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKeys.notifications(userId),
    queryFn: ({ signal }) => getMessages(userId, signal),
    // No polling: a new message refreshes it through the live updates (features/live).
    refetchOnWindowFocus: true,
  });
}

/**
 * The unread count for the header bell, kept fresh by the live updates (features/live) and when the
 * window regains focus.
 * Quiet on failure: no count (no badge) until a call succeeds; after that a failed refresh keeps the
 * last known count rather than putting an error in the header.
 */
export function useUnreadCount(userId: string): number | undefined {
  return useQuery(getMessagesQueryOptions(userId)).data?.unread;
}
