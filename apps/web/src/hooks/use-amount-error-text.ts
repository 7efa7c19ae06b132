import { isMessageKey } from '@meridian/contracts/messages';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { messageKey } from '@/i18n';
import { formatMoney } from '@/lib/format';
import { useMessageText } from './use-message-text';

/** The limits an amount form states: a minimum always, a maximum and an available sum where it has them. */
interface TStatedLimits {
  min: number;
  max?: number | undefined;
  available?: number | undefined;
}

/**
 * Words for an amount field's error: a shared key from the form's schema ("validation.amountMin",
 * `amountProblem` in @meridian/contracts/money) filled with the limits in the reader's money format,
 * or a server sentence. The deposit, withdrawal, invest and join-signal forms read their amount errors
 * with it; a limit a form does not have (a signal's entry has no maximum) is never named by its schema.
 */
export function useAmountErrorText(limits: TStatedLimits): (message: string | undefined) => string | undefined {
  const { t, i18n } = useTranslation();
  const text = useMessageText();
  return useCallback(
    (message) => {
      if (!message) return undefined;
      if (!isMessageKey(message)) return text(message);
      const locale = i18n.resolvedLanguage;
      return t(messageKey(message), {
        min: formatMoney(limits.min, locale),
        max: limits.max === undefined ? undefined : formatMoney(limits.max, locale),
        available: formatMoney(limits.available ?? 0, locale),
      });
    },
    [t, i18n.resolvedLanguage, text, limits.min, limits.max, limits.available],
  );
}
