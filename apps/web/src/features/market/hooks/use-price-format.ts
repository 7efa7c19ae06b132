import type { TPair } from '@meridian/contracts/pairs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice, numberFormat } from '@/lib/format';

/** Prices in the reader's locale with the pair's own decimals; changes as signed percentages. */
export function usePriceFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    const percent = numberFormat(locale, {
      style: 'percent',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      signDisplay: 'exceptZero',
    });
    return {
      price: (pair: TPair, value: number) => formatPrice(pair, value, locale),
      change: (pct: number) => percent.format(pct / 100),
    };
  }, [locale]);
}
