import { PAIR_DECIMALS, type TPair } from '@meridian/contracts/pairs';
import { numberFormat } from '@/lib/format';

/** A price of `pair` with the pair's own decimals, in the reader's number format. */
export function formatPrice(pair: TPair, value: number, locale = 'en'): string {
  const decimals = PAIR_DECIMALS[pair];
  return numberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
}

/** A return in percent, as entered (at most 1 decimal): 12.5 → "12.5%". */
export function formatPercent(value: number, locale = 'en'): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
}
