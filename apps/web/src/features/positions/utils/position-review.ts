import type { TQuote } from '@meridian/contracts/market';
import { fromCents, toCents } from '@meridian/contracts/money';
import type { TPair } from '@meridian/contracts/pairs';
import {
  commissionCents,
  positionExposure,
  priceDistance,
  spreadOf,
  stopOutPrice,
  type TPositionType,
  unrealisedPnl,
} from '@meridian/contracts/position-terms';
import { numberFormat } from '@/lib/format';
import { openingPrice } from '@/lib/quote-sides';
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
  /** The margin in dollars: with the commission, the most the client can lose. */
  margin: number;
  /** Margin × leverage, in dollars. */
  exposure: number;
  /**
   * The price it opens at: the live ask for a buy, the live bid for a sell (a pending order's level for
   * an order); null with no fresh price.
   */
  price: number | null;
  /** The live spread (ask − bid) in the pair's price; null with no fresh price. */
  spread: number | null;
  /**
   * What it would make if it closed as soon as it opened, at the other side of the same quote: the
   * spread's cost, in dollars. Null for an order (its fill's quote is not known yet) or with no fresh price.
   */
  closedAtOnce: number | null;
  /** The commission charged when it opens, in dollars; null while the operator's rate is not known. */
  commission: number | null;
  /** What leaves the balance (or is held, for an order): margin + commission; null while the rate is not known. */
  total: number | null;
  /** The stop-out at that price, by the server's arithmetic; null with no price, or for a buy at 1:1. */
  stopOut: number | null;
  /** How far the stop-out is from the price it opens at (1/leverage of it); null when either is unknown. */
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

/** What the review is worked out against besides the client's choice. */
export interface TReviewContext {
  /** The pair's live quote. */
  quote: TQuote | undefined;
  /** Now, in ms since epoch: the expiry is "if it opens now". */
  now: number;
  /** A pending order's level; absent for a position opened now. */
  orderPrice?: number | undefined;
  /** The operator's commission on the pair, in basis points of the exposure; absent while not known. */
  commissionBps?: number | undefined;
}

/**
 * The review of a position about to open at `quote`'s opening side (a buy's ask, a sell's bid: the
 * price the server takes), at `now`: the stop-out comes from contracts' `stopOutPrice` and the
 * commission from `commissionCents`, which the server uses when it opens, so the figures confirmed
 * are the ones recorded when the price has not moved in between. For a pending order, `orderPrice`
 * is its level: the figures are those of a position opened there (a gap may fill it at a slightly
 * different price), and its expiry is counted from the fill, so not known yet.
 */
export function positionReview(
  choice: TPositionChoice,
  { quote, now, orderPrice, commissionBps }: TReviewContext,
): TPositionReview {
  const cents = toCents(choice.amount);
  if (cents === null) throw new Error('positionReview: the amount is not dollars and cents');
  const margin = Number(cents) / 100;
  const live = quote && !quote.stale ? quote : undefined;
  const price = orderPrice ?? openingPrice(choice.type, live);
  const stopOut = price === null ? null : stopOutPrice(choice.asset, choice.type, price, choice.leverage);
  const hasStopOut = choice.type === 'sell' || choice.leverage > 1;
  const commission = commissionBps === undefined ? null : commissionCents(cents, choice.leverage, commissionBps);
  return {
    margin,
    exposure: positionExposure(choice.amount, choice.leverage) ?? 0,
    price,
    spread: live ? spreadOf(choice.asset, live) : null,
    closedAtOnce:
      orderPrice === undefined && price !== null
        ? unrealisedPnl({ ...choice, entryPrice: price, amount: margin }, live)
        : null,
    commission: commission === null ? null : fromCents(commission),
    total: commission === null ? null : fromCents(cents + commission),
    stopOut,
    distance: price !== null && stopOut !== null ? priceDistance(choice.asset, price, stopOut) : null,
    movePercent: hasStopOut ? 100 / choice.leverage : null,
    expiresAt: choice.expiration === null || orderPrice !== undefined ? null : now + choice.expiration * 60_000,
    takeProfitResult: resultAtLevel(choice, price, choice.takeProfit ?? null),
    stopLossResult: resultAtLevel(choice, price, choice.stopLoss ?? null),
  };
}

/** A commission rate in basis points as a percent of the exposure, in the reader's number format (10 → "0.1%"). */
export function formatCommissionRate(bps: number, locale = 'en'): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);
}

/** A price move in percent, to at most 2 decimals, in the reader's number format (10 → "10%"). */
export function formatMovePercent(percent: number, locale = 'en'): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100);
}
