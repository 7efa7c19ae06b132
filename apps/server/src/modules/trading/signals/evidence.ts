import type { TCandle } from '@meridian/contracts/market';
import type { TSignalEvidence, TSignalResult } from '@meridian/contracts/signals';

/**
 * What the stored 1-minute candles say about a signal (docs/money.md, "Signals"). Its window is the
 * candles whose minute starts in [scheduleTime, closingTime). The target is `up` when it is above the
 * entry (touched when a candle's high reaches it) and `down` otherwise (a low reaching it).
 *
 * - Touched at any minute of the window: a gain, even before the signal closes (a touch is a fact).
 * - Not touched: a loss only once the window is over and a live price received at or after the
 *   closing time proves the feed ran through it (a stale feed may have left a gap in the candles,
 *   which could hide a touch). Otherwise there is no result yet.
 */

export interface TSignalTerms {
  entryPrice: number;
  targetPrice: number;
  scheduleTime: Date;
  closingTime: Date;
}

/** Where the window's candles are read up to (exclusive): now, within [scheduleTime, closingTime]. */
export function evidenceUntil(terms: TSignalTerms, now: Date): Date {
  const ms = Math.min(Math.max(now.getTime(), terms.scheduleTime.getTime()), terms.closingTime.getTime());
  return new Date(ms);
}

export function directionOf(terms: Pick<TSignalTerms, 'entryPrice' | 'targetPrice'>): 'up' | 'down' {
  return terms.targetPrice > terms.entryPrice ? 'up' : 'down';
}

/**
 * The evidence of `candles`: the window's, up to `evidenceUntil`, in any order. Several candles of
 * one minute (the stored one and the part this server holds in memory, not yet written) count as
 * one, with the highest high and the lowest low. `livePrice` is the pair's current price and when
 * it was received, or null while the feed is stale.
 */
export function signalEvidence(
  terms: TSignalTerms,
  candles: readonly TCandle[],
  now: Date,
  livePrice: { price: number; time: number } | null,
): TSignalEvidence {
  const direction = directionOf(terms);
  const until = evidenceUntil(terms, now);
  // The price in the target's direction reached in each minute of the window.
  const reached = new Map<number, number>();
  for (const candle of candles) {
    const minute = candle.time * 1000;
    if (minute < terms.scheduleTime.getTime() || minute >= until.getTime()) continue;
    const price = direction === 'up' ? candle.high : candle.low;
    const known = reached.get(minute);
    reached.set(minute, known === undefined ? price : further(direction, price, known) ? price : known);
  }
  let extreme: { price: number; minute: number } | null = null;
  let touchedAt: number | null = null;
  for (const [minute, price] of [...reached].sort(([a], [b]) => a - b)) {
    if (extreme === null || further(direction, price, extreme.price)) extreme = { price, minute };
    const touched = direction === 'up' ? price >= terms.targetPrice : price <= terms.targetPrice;
    if (touched && touchedAt === null) touchedAt = minute;
  }
  return {
    direction,
    extremePrice: extreme?.price ?? null,
    extremeTime: extreme ? new Date(extreme.minute).toISOString() : null,
    touchedAt: touchedAt === null ? null : new Date(touchedAt).toISOString(),
    candles: reached.size,
    until: until.toISOString(),
    result: resultOf(terms, touchedAt !== null, now, livePrice),
  };
}

/** `price` is further than `than` in the target's direction. */
const further = (direction: 'up' | 'down', price: number, than: number) =>
  direction === 'up' ? price > than : price < than;

function resultOf(
  terms: TSignalTerms,
  touched: boolean,
  now: Date,
  livePrice: { price: number; time: number } | null,
): TSignalResult | null {
  if (touched) return 'gain';
  const closing = terms.closingTime.getTime();
  if (now.getTime() < closing) return null;
  return livePrice !== null && livePrice.time >= closing ? 'loss' : null;
}
