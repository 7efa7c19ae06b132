import type { TMessageKey } from './messages.ts';
import type { TPair } from './pairs.ts';
import { priceUnits, type TPositionType } from './position-terms.ts';

/**
 * Pending orders (docs/money.md, "Pending orders"): a position the client asks to open later, when
 * the price reaches a level. No schemas here (they are in orders.ts), so a page's first render can
 * import this without zod.
 *
 * A limit order waits for a better price than now (a buy for the price to fall to it, a sell for it
 * to rise to it); a stop order for the market to move through it (a buy when it rises to it, a sell
 * when it falls to it). Either watches the side it fills on (a buy the ask, a sell the bid) and fills
 * at that side's price on the tick that reaches its level, which a gap may put past it.
 */

export const ORDER_KINDS = ['limit', 'stop'] as const;
export type TOrderKind = (typeof ORDER_KINDS)[number];
/**
 * `pending` until the price reaches the order's level (`filled`, with its position), the client
 * cancels it (`cancelled`) or its good-until time passes (`expired`).
 */
export const ORDER_STATUSES = ['pending', 'filled', 'cancelled', 'expired'] as const;
export type TOrderStatus = (typeof ORDER_STATUSES)[number];
/** Pending orders a client may have at once. */
export const MAX_PENDING_ORDERS = 50;
/** The furthest good-until time from now: a year, the longest a position may stay open. */
export const MAX_ORDER_LIFETIME_MS = 366 * 24 * 60 * 60 * 1000;

/** Which way the price must move to reach an order's level. */
export type TOrderWait = 'fall' | 'rise';

/** A buy limit and a sell stop wait for the price to fall to their level; a buy stop and a sell limit for it to rise. */
export function orderWaitsFor(type: TPositionType, kind: TOrderKind): TOrderWait {
  return (type === 'buy') === (kind === 'limit') ? 'fall' : 'rise';
}

/** The order's level has been reached by `price`. */
export function orderReached(order: { type: TPositionType; kind: TOrderKind; price: number }, price: number): boolean {
  return orderWaitsFor(order.type, order.kind) === 'fall' ? price <= order.price : price >= order.price;
}

/**
 * Why an order at `level` cannot be placed (or moved there) while the price it fills on (a buy's
 * ask, a sell's bid: `openingSide`) is `price`: one the price has already reached would fill at once
 * (that is a market order). Compared in the pair's smallest units.
 */
export function orderLevelProblem(
  pair: TPair,
  order: { type: TPositionType; kind: TOrderKind; price: number },
  price: number,
): TMessageKey | undefined {
  const level = priceUnits(pair, order.price);
  const now = priceUnits(pair, price);
  if (orderWaitsFor(order.type, order.kind) === 'fall')
    return level < now ? undefined : 'validation.orderPriceBelowMarket';
  return level > now ? undefined : 'validation.orderPriceAboveMarket';
}

/**
 * Why a good-until time cannot be set at `now`: it must be later, and no more than a year away.
 * Null (good till cancelled) always can.
 */
export function goodUntilProblem(goodUntil: Date | null, now: Date): TMessageKey | undefined {
  if (goodUntil === null) return undefined;
  const ahead = goodUntil.getTime() - now.getTime();
  if (ahead <= 0) return 'validation.goodUntilPast';
  if (ahead > MAX_ORDER_LIFETIME_MS) return 'validation.goodUntilTooFar';
  return undefined;
}
