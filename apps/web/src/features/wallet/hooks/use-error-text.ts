import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '@/hooks/use-message-text';
import { ApiError } from '@/lib/api-client';

/**
 * What to tell the client about a failed call: the server's message (in their language when it is a
 * shared message), a network notice, or the screen's own fallback words.
 */
export function useErrorText(): (error: unknown, fallback: string) => string {
  const { t } = useTranslation('errors');
  const text = useMessageText();
  return useCallback(
    (error, fallback) => {
      if (!(error instanceof ApiError)) return fallback;
      if (error.status === 0) return t('network');
      if (error.status >= 500) return fallback;
      return text(error.message) ?? fallback;
    },
    [t, text],
  );
}
