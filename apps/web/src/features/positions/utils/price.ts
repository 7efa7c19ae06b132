import { PAIR_DECIMALS, type TPair } from '@meridian/contracts/pairs';
import { numberFormat } from '@/lib/format';

/** A price of `pair` with the pair's own decimals, in the reader's number format. */
export function formatPrice(pair: TPair, value: number, locale = 'en'): string {
  const decimals = PAIR_DECIMALS[pair];
  return numberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
}

/** Leverage as the platform shows it: 1:n. */
export const formatLeverage = (leverage: number) => `1:${leverage}`;
