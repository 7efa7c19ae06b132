import { isMessageKey } from '@meridian/contracts/messages';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { messageKey } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { dateTimeFormat, formatMoney } from '@/lib/format';

/**
 * The time a limit frees up, the reader's way with its time zone and the month in words
 * ("Nov 30, 2026, 02:05 PM UTC", "30. Nov. 2026, 14:05 MEZ"), so day and month cannot be swapped.
 */
function freeTime(iso: string, locale: string | undefined): string | undefined {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return undefined;
  return dateTimeFormat(locale ?? 'en', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);
}

/**
 * Words for a withdrawal refused by the client's withdrawal limits (`422 WITHDRAWAL_LIMIT`; docs/money.md,
 * "Withdrawal limits") in the reader's language: which limit, what is left and when enough frees up,
 * with the amounts and the time written the reader's way from the answer's plain values (`…Usd`,
 * `atIso`) rather than the English text's. Undefined for any other failure.
 */
export function useLimitRefusalText(): (error: unknown) => string | undefined {
  const { t, i18n } = useTranslation('withdrawals');
  return useCallback(
    (error) => {
      if (!(error instanceof ApiError) || error.code !== 'WITHDRAWAL_LIMIT') return undefined;
      const ref = error.messageRef;
      if (!ref || !isMessageKey(ref.key)) return undefined;
      const locale = i18n.resolvedLanguage;
      const { params } = ref;
      const money = (name: string) => {
        const dollars = params[`${name}Usd`];
        return typeof dollars === 'number' ? formatMoney(dollars, locale) : params[name];
      };
      const at = typeof params.atIso === 'string' ? freeTime(params.atIso, locale) : undefined;
      // `replace`, not the options themselves: a parameter could be named like an option of i18next.
      return t(messageKey(ref.key), {
        replace: {
          ...params,
          max: money('max'),
          limit: money('limit'),
          left: money('left'),
          amount: money('amount'),
          at: at ?? params.at,
        },
      });
    },
    [t, i18n.resolvedLanguage],
  );
}
