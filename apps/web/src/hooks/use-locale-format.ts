import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, type TMoneyDirection } from '@/lib/format';

/** The format helpers bound to the current language. */
export function useLocaleFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  return useMemo(
    () => ({
      money: (amount: number, direction?: TMoneyDirection) => formatMoney(amount, locale, direction),
      dateTime: (iso: string) => formatDateTime(iso, locale),
    }),
    [locale],
  );
}
