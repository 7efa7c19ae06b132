import { isMessageKey } from '@meridian/contracts/messages';
import { useCallback } from 'react';
import { useMessageText } from '@/hooks/use-message-text';
import { ApiError } from '@/lib/api-client';

/**
 * Refusals whose own words the admin reads: a bad request (400), a signal that is gone (404), a
 * result the prices contradict or do not decide yet, or a signal already settled (409), a price feed
 * too stale to decide on (503).
 */
const TOLD = new Set([400, 404, 409, 503]);

/** Words for a failed signal call: the server's reason for the refusals above, otherwise `fallback`. */
export function useSignalErrorText(): (error: unknown, fallback: string) => string {
  const text = useMessageText();
  return useCallback(
    (error, fallback) => {
      const ref = error instanceof ApiError && TOLD.has(error.status) ? error.messageRef : undefined;
      return (ref && isMessageKey(ref.key) ? text(ref) : undefined) ?? fallback;
    },
    [text],
  );
}
