import { isMessageKey } from '@meridian/contracts/messages';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '@/hooks/use-message-text';
import { messageKey } from '@/i18n';
import type { TAmountLimits } from '@/lib/amount-rules';
import { formatMoney } from '@/lib/format';

/**
 * Words for an amount field's error: a shared key from the form's schema ("validation.amountMin")
 * filled with the limits in the reader's money format, or a server sentence.
 */
export function useAmountErrorText(limits: TAmountLimits): (message: string | undefined) => string | undefined {
  const { t, i18n } = useTranslation();
  const text = useMessageText();
  return useCallback(
    (message) => {
      if (!message) return undefined;
      if (!isMessageKey(message)) return text(message);
      const locale = i18n.resolvedLanguage;
      return t(messageKey(message), {
        min: formatMoney(limits.min, locale),
        max: formatMoney(limits.max, locale),
        available: formatMoney(limits.available ?? 0, locale),
      });
    },
    [t, i18n.resolvedLanguage, text, limits.min, limits.max, limits.available],
  );
}
