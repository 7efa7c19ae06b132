import { isNoticeKey, noticeValues, type TNoticeFormatter } from '@meridian/contracts/notice-terms';
import type { TInAppMessage } from '@meridian/contracts/notifications';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, numberFormat } from '@/lib/format';

/** A message as the reader reads it. */
export interface TNoticeText {
  title: string;
  body: string;
  /** "Reason: …" of a notice that has one, shown on a line of its own. */
  reason: string | null;
}

/** The app's formats in `locale` (lib/format.ts), as the server's email writes them too. */
function formatterOf(locale: string): TNoticeFormatter {
  return {
    money: (dollars, signed) => formatMoney(dollars, locale, signed ? (dollars < 0 ? 'out' : 'in') : undefined),
    number: (value, decimals) =>
      numberFormat(
        locale,
        decimals === undefined ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals },
      ).format(value),
    percent: (value) => numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100),
  };
}

/**
 * Words for an in-app message in the reader's current language: a platform notice from its key and
 * parameters (money, prices and numbers written the reader's way), an admin's message (and one
 * stored before notices had keys) as it was written. A key this app does not know yet shows its
 * English words.
 */
export function useNoticeText(): (message: TInAppMessage) => TNoticeText {
  const { t, i18n } = useTranslation('messages');
  const locale = i18n.resolvedLanguage ?? 'en';
  const format = useMemo(() => formatterOf(locale), [locale]);
  return useCallback(
    (message) => {
      if (!message.key || !message.params || !isNoticeKey(message.key))
        return { title: message.subject, body: message.message, reason: null };
      const values = noticeValues(message.key, message.params, format);
      // `replace`, not the options themselves: a parameter could be named like an option of i18next.
      return {
        title: t(`notice.${message.key}.title`, { replace: values, defaultValue: message.subject }),
        body: t(`notice.${message.key}.body`, { replace: values, defaultValue: message.message }),
        reason: values.reason ? t('notice.reason', { replace: { reason: values.reason } }) : null,
      };
    },
    [t, format],
  );
}
