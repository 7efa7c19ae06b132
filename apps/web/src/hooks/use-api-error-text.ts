import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { useMessageText } from './use-message-text';

/**
 * Words for a failed call: the server's message (in the reader's language when it is a shared
 * message), or the network, rate-limit or server failure; `fallback` when there is nothing better.
 */
export function useApiErrorText(): (error: unknown, fallback?: string) => string {
  const { t } = useTranslation('errors');
  const text = useMessageText();
  return useCallback(
    (error, fallback) => {
      if (!(error instanceof ApiError)) return fallback ?? t('errors:generic');
      if (error.status === 0) return t('errors:network');
      if (error.status === 429) return t('errors:rateLimited');
      if (error.status >= 500) return fallback ?? t('errors:server');
      return text(error.message) || fallback || t('errors:generic');
    },
    [t, text],
  );
}
