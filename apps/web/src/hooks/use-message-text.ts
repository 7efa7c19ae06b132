import type { TMessageRef } from '@meridian/contracts/errors';
import { isMessageKey, messages } from '@meridian/contracts/messages';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { messageKey } from '@/i18n';

/** The namespaces shared messages live in (`validation`, `errors`, `kyc`, …). */
const MESSAGE_NAMESPACES = [...new Set(Object.keys(messages).map((key) => key.slice(0, key.indexOf('.'))))];

/**
 * Words for a shared message, in the current language: a key ("validation.emailRequired", as a zod
 * issue carries it) or a key with its params (as the server answers it). Any other text (already
 * translated) is shown as it is. A form using it waits (Suspense) until the namespaces of every
 * shared message are loaded, since any of them may come back.
 */
export function useMessageText(): (message: string | TMessageRef | undefined) => string | undefined {
  const { t } = useTranslation(MESSAGE_NAMESPACES);
  return useCallback(
    (message) => {
      if (!message) return undefined;
      const { key, params } = typeof message === 'string' ? { key: message, params: {} } : message;
      return isMessageKey(key) ? t(messageKey(key), params) : key;
    },
    [t],
  );
}
