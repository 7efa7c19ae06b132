import type { TQuote } from '@meridian/contracts/market';
import { toCents } from '@meridian/contracts/money';
import type { TPair } from '@meridian/contracts/pairs';
import { positionExposure, priceDistance, stopOutPrice, type TPositionType } from '@meridian/contracts/position-terms';
import { numberFormat } from '@/lib/format';
import { resultAtLevel } from './protection';

/** What the client chose in the order form, as the review receives it. */
export interface TPositionChoice {
  asset: TPair;
  type: TPositionType;
  /** The margin, in dollars (as typed, already checked to be dollars and cents). */
  amount: number | string;
  leverage: number;
  /** Minutes; null: no expiry. */
  expiration: number | null;
  /** The take-profit and stop-loss prices; null or absent for none. */
  takeProfit?: number | null | undefined;
  stopLoss?: number | null | undefined;
}

/** The figures of the review a client confirms before a position opens. */
export interface TPositionReview {
  /** The margin in dollars: also the most the client can lose. */
  margin: number;
  /** Margin × leverage, in dollars. */
  exposure: number;
  /** The live mid the position will open near (a pending order's price for an order); null with no fresh price. */
  price: number | null;
  /** The stop-out at that price, by the server's arithmetic; null with no price, or for a buy at 1:1. */
  stopOut: number | null;
  /** How far the stop-out is from the price; null when either is unknown. */
  distance: { price: number; percent: number } | null;
  /**
   * The price move against the position that stops it out, in percent, known without a price: 1/leverage
   * of the entry. Null for a buy at 1:1, which has no stop-out.
   */
  movePercent: number | null;
  /** When it expires if it opens now (ms since epoch); null with no expiry, or for an order (it is counted from the fill). */
  expiresAt: number | null;
  /**
   * What it would make if it closed at its take-profit, and at its stop-loss, opened at the price
   * (dollars); null with no such level or no price.
   */
  takeProfitResult: number | null;
  stopLossResult: number | null;
}

/**
 * The review of a position about to open at `quote`'s mid (the price the server takes), at `now`: the
 * stop-out comes from contracts' `stopOutPrice`, which the server stores when it opens, so the figure
 * confirmed is the one recorded when the price has not moved in between. For a pending order,
 * `orderPrice` is its level: the figures are those of a position opened there (a gap may fill it at a
 * slightly different price), and its expiry is counted from the fill, so not known yet.
 */
export function positionReview(
  choice: TPositionChoice,
  quote: TQuote | undefined,
  now: number,
  orderPrice?: number,
): TPositionReview {
  const cents = toCents(choice.amount);
  if (cents === null) throw new Error('positionReview: the amount is not dollars and cents');
  const price = orderPrice ?? (quote && !quote.stale ? quote.mid : null);
  const stopOut = price === null ? null : stopOutPrice(choice.asset, choice.type, price, choice.leverage);
  const hasStopOut = choice.type === 'sell' || choice.leverage > 1;
  return {
    margin: Number(cents) / 100,
    exposure: positionExposure(choice.amount, choice.leverage) ?? 0,
    price,
    stopOut,
    distance: price !== null && stopOut !== null ? priceDistance(choice.asset, price, stopOut) : null,
    movePercent: hasStopOut ? 100 / choice.leverage : null,
    expiresAt: choice.expiration === null || orderPrice !== undefined ? null : now + choice.expiration * 60_000,
    takeProfitResult: resultAtLevel(choice, price, choice.takeProfit ?? null),
    stopLossResult: resultAtLevel(choice, price, choice.stopLoss ?? null),
  };
}

/** A price move in percent, to at most 2 decimals, in the reader's number format (10 → "10%"). */
export function formatMovePercent(percent: number, locale = 'en'): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100);
}
