import { PAIR_DECIMALS, type TPair } from '@meridian/contracts/pairs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Prices in the reader's locale with the pair's own decimals; changes as signed percentages. */
export function usePriceFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    const byDecimals = new Map<number, Intl.NumberFormat>();
    const formatter = (decimals: number) => {
      let format = byDecimals.get(decimals);
      if (!format) {
        format = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
        byDecimals.set(decimals, format);
      }
      return format;
    };
    const percent = new Intl.NumberFormat(locale, {
      style: 'percent',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      signDisplay: 'exceptZero',
    });
    return {
      price: (pair: TPair, value: number) => formatter(PAIR_DECIMALS[pair]).format(value),
      change: (pct: number) => percent.format(pct / 100),
    };
  }, [locale]);
}
