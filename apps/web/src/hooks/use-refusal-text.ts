import { isMessageKey } from '@meridian/contracts/messages';
import { useCallback } from 'react';
import { useMessageText } from '@/hooks/use-message-text';
import { ApiError } from '@/lib/api-client';

/**
 * Refusals whose own words the reader gets: a bad request (400), a record that is gone (404), one
 * already decided or contradicted by the prices (409: a closed position, a settled signal), a price
 * feed too stale to act on (503).
 */
const TOLD = new Set([400, 404, 409, 503]);

/** Words for a failed action: the server's reason for the refusals above, otherwise `fallback`. */
export function useRefusalText(): (error: unknown, fallback: string) => string {
  const text = useMessageText();
  return useCallback(
    (error, fallback) => {
      const ref = error instanceof ApiError && TOLD.has(error.status) ? error.messageRef : undefined;
      return (ref && isMessageKey(ref.key) ? text(ref) : undefined) ?? fallback;
    },
    [text],
  );
}
