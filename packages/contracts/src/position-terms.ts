import type { TMessageKey } from './messages.ts';
import { fromCents, toCents } from './money.ts';
import { PAIR_DECIMALS, priceFits, type TPair } from './pairs.ts';

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
 * closed it; an admin closed it at market with a reason; the price reached the client's
 * take-profit or stop-loss; the account's margin level fell below the close-out level and it was the
 * account's largest losing position.
 */
export const CLOSE_REASONS = [
  'expired',
  'stop_out',
  'client',
  'admin',
  'take_profit',
  'stop_loss',
  'margin_close_out',
] as const;
export type TCloseReason = (typeof CLOSE_REASONS)[number];
/** The closes the market makes on its own when a price reaches a position's level. */
export type TExitReason = Extract<TCloseReason, 'stop_out' | 'take_profit' | 'stop_loss'>;

// --- bid and ask ------------------------------------------------------------------------------------

/** A side of the market's quote: the bid (what the market pays) or the ask (what it charges). */
export type TQuoteSide = 'bid' | 'ask';

/** The side a position opens on: a buy pays the ask, a sell gets the bid. */
export function openingSide(type: TPositionType): TQuoteSide {
  return type === 'buy' ? 'ask' : 'bid';
}

/**
 * The side a position closes on, and so the price its result, take-profit, stop-loss and stop-out
 * are measured against: a buy sells at the bid, a sell buys back at the ask.
 */
export function closingSide(type: TPositionType): TQuoteSide {
  return type === 'buy' ? 'bid' : 'ask';
}

/** The spread of a quote, ask − bid, in the pair's price, worked out in its smallest units. */
export function spreadOf(pair: TPair, quote: { bid: number; ask: number }): number {
  return Number(priceUnits(pair, quote.ask) - priceUnits(pair, quote.bid)) / 10 ** PAIR_DECIMALS[pair];
}

/** The most an operator may charge per trade, in basis points of the exposure (1 %). */
export const MAX_COMMISSION_BPS = 100;

/**
 * The commission of opening a position: `bps` basis points (hundredths of a percent) of its exposure
 * (margin × leverage), in integer cents rounded half up. Charged once, when it opens.
 */
export function commissionCents(marginCents: bigint, leverage: number, bps: number): bigint {
  if (!Number.isInteger(bps) || bps < 0) throw new Error('commissionCents: bps must be a whole number ≥ 0');
  return (marginCents * BigInt(leverage) * BigInt(bps) * 2n + 10_000n) / 20_000n;
}

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
 * What an open position would make if it closed now at `quote`'s closing side (a buy's bid, a sell's
 * ask: the price a close takes), in dollars, by the formula above. Null without a price or with a
 * stale one: nothing closes on it.
 */
export function unrealisedPnl(
  position: { asset: TPair; type: TPositionType; entryPrice: number; amount: number; leverage: number },
  quote: { bid: number; ask: number; stale: boolean } | undefined,
): number | null {
  if (!quote || quote.stale) return null;
  const marginCents = toCents(position.amount);
  if (marginCents === null || position.entryPrice <= 0) return null;
  return fromCents(
    positionPnlCents({
      pair: position.asset,
      type: position.type,
      entryPrice: position.entryPrice,
      exitPrice: quote[closingSide(position.type)],
      marginCents,
      leverage: position.leverage,
    }),
  );
}

/** A closed position's result in dollars: its profit, or minus its loss. */
export function realisedPnl(position: { profit: number; loss: number; isLoss: boolean }): number {
  return position.isLoss ? -position.loss : position.profit;
}

// --- take-profit and stop-loss -------------------------------------------------------------------

/** A position's take-profit and stop-loss prices; null where the client set none. */
export interface TProtection {
  takeProfit: number | null;
  stopLoss: number | null;
}

/**
 * Why a take-profit or stop-loss cannot be set on a `type` position at `price` (the current price of
 * its closing side, the price a close takes) whose stop-out is `stopOut`: a buy's take-profit above the price and its
 * stop-loss below it, a sell the reverse (a level already reached would close it at once); a
 * stop-loss nearer the price than the stop-out (beyond it the stop-out closes the position first);
 * and no more decimals than the pair is quoted in. Compared in the pair's smallest units.
 */
export function protectionProblems(
  pair: TPair,
  type: TPositionType,
  price: number,
  stopOut: number | null,
  levels: TProtection,
): { takeProfit?: TMessageKey; stopLoss?: TMessageKey } {
  const problems: { takeProfit?: TMessageKey; stopLoss?: TMessageKey } = {};
  const now = priceUnits(pair, price);
  const { takeProfit, stopLoss } = levels;
  if (takeProfit !== null) {
    const tp = priceUnits(pair, takeProfit);
    if (!priceFits(pair, takeProfit)) problems.takeProfit = 'validation.priceDecimals';
    else if (type === 'buy' ? tp <= now : tp >= now)
      problems.takeProfit = type === 'buy' ? 'validation.takeProfitBuy' : 'validation.takeProfitSell';
  }
  if (stopLoss !== null) {
    const sl = priceUnits(pair, stopLoss);
    const out = stopOut === null ? null : priceUnits(pair, stopOut);
    if (!priceFits(pair, stopLoss)) problems.stopLoss = 'validation.priceDecimals';
    else if (type === 'buy' ? sl >= now : sl <= now)
      problems.stopLoss = type === 'buy' ? 'validation.stopLossBuy' : 'validation.stopLossSell';
    else if (out !== null && (type === 'buy' ? sl <= out : sl >= out))
      problems.stopLoss = 'validation.stopLossPastStopOut';
  }
  return problems;
}

/**
 * Which of a position's levels `price` has reached, if any: on the losing side its stop-loss (the
 * nearer level, validated so) or else its stop-out, on the winning side its take-profit. A buy's
 * stop-loss and stop-out are reached when the price falls to them and its take-profit when the price
 * rises to it; a sell the reverse.
 */
export function exitReached(
  position: { type: TPositionType; stopOutPrice: number | null } & TProtection,
  price: number,
): TExitReason | null {
  const buy = position.type === 'buy';
  const against = (level: number | null) => level !== null && (buy ? price <= level : price >= level);
  const towards = (level: number | null) => level !== null && (buy ? price >= level : price <= level);
  if (against(position.stopLoss)) return 'stop_loss';
  if (against(position.stopOutPrice)) return 'stop_out';
  if (towards(position.takeProfit)) return 'take_profit';
  return null;
}

/**
 * The two prices where a position leaves the market: `fall`, the highest level a falling price
 * reaches first (a buy's stop-loss or stop-out, a sell's take-profit), and `rise`, the lowest a rising
 * price reaches first (a buy's take-profit, a sell's stop-loss or stop-out). Null where there is none.
 */
export function exitLevels(position: { type: TPositionType; stopOutPrice: number | null } & TProtection): {
  fall: number | null;
  rise: number | null;
} {
  const nearest = (a: number | null, b: number | null, pick: (x: number, y: number) => number) =>
    a === null ? b : b === null ? a : pick(a, b);
  if (position.type === 'buy') {
    return { fall: nearest(position.stopLoss, position.stopOutPrice, Math.max), rise: position.takeProfit };
  }
  return { fall: position.takeProfit, rise: nearest(position.stopLoss, position.stopOutPrice, Math.min) };
}
