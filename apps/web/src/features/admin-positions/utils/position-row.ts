import type { TQuote } from '@meridian/contracts/market';
import { fromCents, toCents } from '@meridian/contracts/money';
import { PAIR_DECIMALS, type TPair } from '@meridian/contracts/pairs';
import { positionPnlCents, type TPosition } from '@meridian/contracts/positions';
import { numberFormat } from '@/lib/format';

/**
 * What a row of Position Management offers: Close at market while the position is open; once closed,
 * a disabled button that reads "Already Loss" when it closed with a loss and "Closed" otherwise.
 */
export type TPositionRowAction = 'close' | 'alreadyLoss' | 'closed';

export function positionRowAction(position: Pick<TPosition, 'status' | 'isLoss'>): TPositionRowAction {
  if (position.status === 'open') return 'close';
  return position.isLoss ? 'alreadyLoss' : 'closed';
}

/**
 * What an open position would make if it closed now at the live mid price (the price a Close at
 * market takes), in dollars, by the server's own formula. Null without a price or with a stale one.
 */
export function unrealisedPnl(
  position: Pick<TPosition, 'asset' | 'type' | 'entryPrice' | 'amount' | 'leverage'>,
  quote: Pick<TQuote, 'mid' | 'stale'> | undefined,
): number | null {
  if (!quote || quote.stale) return null;
  const marginCents = toCents(position.amount);
  if (marginCents === null || position.entryPrice <= 0) return null;
  return fromCents(
    positionPnlCents({
      pair: position.asset,
      type: position.type,
      entryPrice: position.entryPrice,
      exitPrice: quote.mid,
      marginCents,
      leverage: position.leverage,
    }),
  );
}

/** A closed position's result in dollars: its profit, or minus its loss. */
export function realisedPnl(position: Pick<TPosition, 'profit' | 'loss' | 'isLoss'>): number {
  return position.isLoss ? -position.loss : position.profit;
}

/** A price of `pair` with the pair's own decimals, in the reader's number format. */
export function formatPrice(pair: TPair, value: number, locale = 'en'): string {
  const decimals = PAIR_DECIMALS[pair];
  return numberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
}

/** Leverage as the platform shows it: 1:n. */
export const formatLeverage = (leverage: number) => `1:${leverage}`;

/** The quote of `pair` among the live ones. */
export function quoteOf(quotes: readonly TQuote[], pair: TPair): TQuote | undefined {
  return quotes.find((quote) => quote.pair === pair);
}
