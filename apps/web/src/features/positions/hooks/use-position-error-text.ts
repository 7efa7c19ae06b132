import { isMessageKey } from '@meridian/contracts/messages';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '@/hooks/use-message-text';
import { ApiError } from '@/lib/api-client';

/**
 * Refusals whose own words the client reads: a bad form (400), a position that is gone or already
 * closed (404, 409), a rule of the platform such as the balance (422), a pair without a live price (503).
 */
const TOLD = new Set([400, 404, 409, 422, 503]);

/**
 * Words for a failed open or close: the server's message for the refusals above; anything else
 * (a network failure, a server error) is "Something went wrong, try again later".
 */
export function usePositionErrorText(): (error: unknown) => string {
  const { t } = useTranslation('errors');
  const text = useMessageText();
  return useCallback(
    (error) => {
      const ref = error instanceof ApiError && TOLD.has(error.status) ? error.messageRef : undefined;
      return (ref && isMessageKey(ref.key) ? text(ref) : undefined) ?? t('errors:generic');
    },
    [t, text],
  );
}
