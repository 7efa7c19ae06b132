import type { TQuote } from '@meridian/contracts/market';
import type { TMessageKey } from '@meridian/contracts/messages';
import { orderLevelProblem, type TOrderKind } from '@meridian/contracts/order-terms';
import { priceFits, type TPair } from '@meridian/contracts/pairs';
import { LEVERAGES, protectionProblems, stopOutPrice, type TPositionType } from '@meridian/contracts/position-terms';
import { openingPrice } from '@/lib/quote-sides';

/**
 * The checks of a pending order's price and of its take-profit and stop-loss as they are typed, shared
 * by the order form (placing one) and the Edit order dialog (changing one); the server makes the same
 * ones (contracts/order-terms.ts, position-terms.ts) at its own price.
 */

/** A price as a schema read it, when that is one (a positive number); null otherwise (empty, or refused by its own field). */
export const priceOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;

/**
 * Why a pending order's price cannot be set while the live quote is `quote`: not in the pair's
 * decimals, or (once the side is known and the price fresh) a level the side it fills on (a buy's
 * ask, a sell's bid) has already reached, which would fill at once (contracts' `orderLevelProblem`).
 */
export function orderPriceProblem(
  pair: TPair,
  order: { type: TPositionType | undefined; kind: TOrderKind },
  level: number | null,
  quote: TQuote | undefined,
): TMessageKey | undefined {
  if (level === null) return undefined;
  if (!priceFits(pair, level)) return 'validation.priceDecimals';
  const price = order.type ? openingPrice(order.type, quote) : null;
  if (!order.type || price === null) return undefined;
  return orderLevelProblem(pair, { type: order.type, kind: order.kind, price: level }, price);
}

/**
 * Why a pending order's take-profit and stop-loss cannot be set: contracts' `protectionProblems`
 * against the order's price, as against the price of a position opened there, with the stop-out its
 * leverage gives at that price. Before the side and a price are known, only the pair's decimals.
 */
export function orderProtectionProblems(
  pair: TPair,
  type: TPositionType | undefined,
  level: number | null,
  leverage: unknown,
  levels: { takeProfit: number | null; stopLoss: number | null },
): { takeProfit?: TMessageKey; stopLoss?: TMessageKey } {
  if (type && level !== null && priceFits(pair, level)) {
    const stopOut = (LEVERAGES as readonly unknown[]).includes(leverage)
      ? stopOutPrice(pair, type, level, leverage as number)
      : null;
    return protectionProblems(pair, type, level, stopOut, levels);
  }
  const problems: { takeProfit?: TMessageKey; stopLoss?: TMessageKey } = {};
  if (levels.takeProfit !== null && !priceFits(pair, levels.takeProfit))
    problems.takeProfit = 'validation.priceDecimals';
  if (levels.stopLoss !== null && !priceFits(pair, levels.stopLoss)) problems.stopLoss = 'validation.priceDecimals';
  return problems;
}
