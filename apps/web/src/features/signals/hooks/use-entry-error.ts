import { isMessageKey } from '@meridian/contracts/messages';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '@/hooks/use-message-text';
import { messageKey } from '@/i18n';
import { formatMoney } from '@/lib/format';

/**
 * Words for an entry amount's error: a shared key from the form's schema ("validation.amountMin")
 * filled with the signal's minimum in the reader's money format, or a server sentence.
 */
export function useEntryError(min: number): (message: string | undefined) => string | undefined {
  const { t, i18n } = useTranslation();
  const text = useMessageText();
  return useCallback(
    (message) => {
      if (!message) return undefined;
      if (!isMessageKey(message)) return text(message);
      return t(messageKey(message), { min: formatMoney(min, i18n.resolvedLanguage) });
    },
    [t, i18n.resolvedLanguage, text, min],
  );
}
