import { isMessageKey } from '@meridian/contracts/messages';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { useMessageText } from './use-message-text';

/**
 * Words for a failed call, in the reader's language: the server's message by its key and params, or
 * the network or server failure; `fallback` when there is nothing better.
 */
export function useApiErrorText(): (error: unknown, fallback?: string) => string {
  const { t } = useTranslation('errors');
  const text = useMessageText();
  return useCallback(
    (error, fallback) => {
      if (!(error instanceof ApiError)) return fallback ?? t('errors:generic');
      if (error.status === 0) return t('errors:network');
      if (error.status >= 500) return fallback ?? t('errors:server');
      const ref = error.messageRef;
      return (ref && isMessageKey(ref.key) ? text(ref) : undefined) ?? fallback ?? t('errors:generic');
    },
    [t, text],
  );
}
