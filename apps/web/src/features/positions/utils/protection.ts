import type { TQuote } from '@meridian/contracts/market';
import type { TMessageKey } from '@meridian/contracts/messages';
import { fromCents, toCents } from '@meridian/contracts/money';
import { priceFits, type TPair } from '@meridian/contracts/pairs';
import { positionPnlCents, protectionProblems, type TPositionType } from '@meridian/contracts/position-terms';
import { closingPrice } from '@/lib/quote-sides';

/** A take-profit or stop-loss price the client typed: a number, or null for none. */
export interface TLevels {
  takeProfit: number | null;
  stopLoss: number | null;
}

/** A level as its schema read it, when that is a price; null otherwise (empty, or refused by its own field). */
export const priceOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;

export type TLevelProblems = { takeProfit?: TMessageKey; stopLoss?: TMessageKey };

/**
 * Why a take-profit or stop-loss cannot be set on a `type` position of `pair` whose stop-out is
 * `stopOut`, by contracts' `protectionProblems` against the live quote's closing side (a buy's bid, a
 * sell's ask: the price the server checks them against, and a close takes). Before the side or a
 * fresh price is known only what needs neither is checked, the pair's decimals; the server checks
 * the rest at its own price.
 */
export function levelProblems(
  pair: TPair,
  type: TPositionType | undefined,
  quote: TQuote | undefined,
  stopOut: number | null,
  levels: TLevels,
): TLevelProblems {
  const price = type ? closingPrice(type, quote) : null;
  if (type && price !== null) return protectionProblems(pair, type, price, stopOut, levels);
  const problems: TLevelProblems = {};
  if (levels.takeProfit !== null && !priceFits(pair, levels.takeProfit))
    problems.takeProfit = 'validation.priceDecimals';
  if (levels.stopLoss !== null && !priceFits(pair, levels.stopLoss)) problems.stopLoss = 'validation.priceDecimals';
  return problems;
}

/**
 * What a position would make, in dollars, if it closed at `level` (its take-profit or stop-loss):
 * contracts' `positionPnlCents` with the level as the exit price, never below minus the margin.
 * Null when the entry is not known yet (no live price) or the figures are not a price and an amount.
 */
export function resultAtLevel(
  position: { asset: TPair; type: TPositionType; amount: number | string; leverage: number },
  entryPrice: number | null,
  level: number | null,
): number | null {
  if (entryPrice === null || level === null || entryPrice <= 0 || !(level > 0)) return null;
  const marginCents = toCents(position.amount);
  if (marginCents === null) return null;
  return fromCents(
    positionPnlCents({
      pair: position.asset,
      type: position.type,
      entryPrice,
      exitPrice: level,
      marginCents,
      leverage: position.leverage,
    }),
  );
}
