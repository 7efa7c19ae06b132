import { isMessageKey } from '@meridian/contracts/messages';
import { useCallback } from 'react';
import { useMessageText } from '@/hooks/use-message-text';
import { ApiError } from '@/lib/api-client';

/**
 * Refusals whose own words the admin reads: a bad request (400), a position that is gone or already
 * closed (404, 409), a pair without a live price to close at (503).
 */
const TOLD = new Set([400, 404, 409, 503]);

/** Words for a failed Close at market: the server's reason for the refusals above, otherwise `fallback` ('Request failed'). */
export function useRequestFailedText(): (error: unknown, fallback: string) => string {
  const text = useMessageText();
  return useCallback(
    (error, fallback) => {
      const ref = error instanceof ApiError && TOLD.has(error.status) ? error.messageRef : undefined;
      return (ref && isMessageKey(ref.key) ? text(ref) : undefined) ?? fallback;
    },
    [text],
  );
}
