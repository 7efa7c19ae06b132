import { fromCents, toCents } from './money.ts';
import { PAIR_DECIMALS, type TPair } from './pairs.ts';

/**
 * The terms of a leveraged position (docs/money.md, "Positions and signals") and the arithmetic of its
 * result, which the server and the web both use. No schemas here (they are in positions.ts): a page's
 * first render imports this without zod (docs/architecture.md, "Schema-free contracts").
 */

/** How long a position may stay open, in minutes (30 minutes to 1 year). */
export const POSITION_DURATIONS = [30, 60, 240, 720, 1440, 4320, 10080, 20160, 43200, 129600, 259200, 525600] as const;
export type TPositionDuration = (typeof POSITION_DURATIONS)[number];
/** Leverage choices, shown as 1:n. */
export const LEVERAGES = [1, 2, 5, 10] as const;
export type TLeverage = (typeof LEVERAGES)[number];
export const POSITION_TYPES = ['buy', 'sell'] as const;
export type TPositionType = (typeof POSITION_TYPES)[number];
export const POSITION_STATUSES = ['open', 'closed'] as const;
export type TPositionStatus = (typeof POSITION_STATUSES)[number];
/**
 * Why a position closed: its expiration came; its loss reached its margin (stop-out); the client
 * closed it; an admin closed it at market with a reason.
 */
export const CLOSE_REASONS = ['expired', 'stop_out', 'client', 'admin'] as const;
export type TCloseReason = (typeof CLOSE_REASONS)[number];

// --- the arithmetic both sides use ---------------------------------------------------------------

/** A price as an integer count of the pair's smallest unit (10^-decimals), exactly. */
export function priceUnits(pair: TPair, price: number): bigint {
  return BigInt(Math.round(price * 10 ** PAIR_DECIMALS[pair]));
}

/** Division of integers rounded half away from zero. */
function divRound(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (2n * n + d) / (2n * d);
  return negative ? -q : q;
}

/**
 * P&L of a position in integer cents: side × (exit − entry) / entry × margin × leverage, rounded
 * half away from zero to the cent, never below −margin (the client cannot lose more than the margin).
 */
export function positionPnlCents(p: {
  pair: TPair;
  type: TPositionType;
  entryPrice: number;
  exitPrice: number;
  marginCents: bigint;
  leverage: number;
}): bigint {
  const entry = priceUnits(p.pair, p.entryPrice);
  const exit = priceUnits(p.pair, p.exitPrice);
  if (entry <= 0n) throw new Error('positionPnlCents: entry price must be positive');
  const side = p.type === 'buy' ? 1n : -1n;
  const pnl = divRound(side * (exit - entry) * p.marginCents * BigInt(p.leverage), entry);
  return pnl < -p.marginCents ? -p.marginCents : pnl;
}

/**
 * The price at which the loss reaches the whole margin (stop-out): entry × (1 − 1/leverage) for a
 * buy, entry × (1 + 1/leverage) for a sell, in the pair's decimals (a buy rounded up, a sell down,
 * so the position is never allowed past its margin). A buy at 1:1 has none: it would need a price of 0.
 */
export function stopOutPrice(pair: TPair, type: TPositionType, entryPrice: number, leverage: number): number | null {
  const entry = priceUnits(pair, entryPrice);
  const l = BigInt(leverage);
  const scale = 10 ** PAIR_DECIMALS[pair];
  if (type === 'buy') {
    if (leverage <= 1) return null;
    const units = (entry * (l - 1n) + l - 1n) / l; // ceil
    return Number(units) / scale;
  }
  return Number((entry * (l + 1n)) / l) / scale; // floor
}

/**
 * How far `to` is from `from` (a stop-out from the current price), in the pair's price and as a
 * percent of `from`, worked out in the pair's smallest units: the percent to 4 decimals, rounded
 * half away from zero. Null when `from` is not a positive price.
 */
export function priceDistance(pair: TPair, from: number, to: number): { price: number; percent: number } | null {
  const a = priceUnits(pair, from);
  if (a <= 0n) return null;
  const b = priceUnits(pair, to);
  const units = b > a ? b - a : a - b;
  return {
    price: Number(units) / 10 ** PAIR_DECIMALS[pair],
    percent: Number(divRound(units * 1_000_000n, a)) / 10_000,
  };
}

/**
 * A position's exposure: its margin times its leverage, in dollars, through integer cents (what the
 * market moves acts on). Null for an amount that is not dollars and cents.
 */
export function positionExposure(amount: number | string, leverage: number): number | null {
  const cents = toCents(amount);
  return cents === null ? null : fromCents(cents * BigInt(leverage));
}

/** The stop-out price has been reached by `price` (a buy falls to it, a sell rises to it). */
export function isStoppedOut(type: TPositionType, stopPrice: number | null, price: number): boolean {
  if (stopPrice === null) return false;
  return type === 'buy' ? price <= stopPrice : price >= stopPrice;
}

/**
 * What an open position would make if it closed now at `quote`'s mid (the price a close takes), in
 * dollars, by the formula above. Null without a price or with a stale one: nothing closes on it.
 */
export function unrealisedPnl(
  position: { asset: TPair; type: TPositionType; entryPrice: number; amount: number; leverage: number },
  quote: { mid: number; stale: boolean } | undefined,
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
export function realisedPnl(position: { profit: number; loss: number; isLoss: boolean }): number {
  return position.isLoss ? -position.loss : position.profit;
}
