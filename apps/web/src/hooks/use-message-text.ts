import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { messageKey } from '@/i18n';
import { MESSAGE_NAMESPACES, sharedMessageKey } from '@/lib/shared-message-key';

/**
 * Words for a message that is either a shared key (a zod issue: "validation.emailRequired") or the
 * server's English text of a shared message ("Invalid credentials"): both come out in the current
 * language. Any other text is shown as the server wrote it. A form using it waits (Suspense) until
 * the namespaces of every shared message are loaded, since any of them may come back.
 */
export function useMessageText(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation(MESSAGE_NAMESPACES);
  return useCallback(
    (message) => {
      if (!message) return undefined;
      const key = sharedMessageKey(message);
      return key ? t(messageKey(key)) : message;
    },
    [t],
  );
}
