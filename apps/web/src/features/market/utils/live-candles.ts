import type { TCandle } from '@meridian/contracts/market';

/** A candle as the chart draws it: `time` is the minute's start in Unix seconds. */
export type TChartCandle = Pick<TCandle, 'time' | 'open' | 'high' | 'low' | 'close'>;

/** The start of the minute a moment falls in, in Unix seconds. */
export const minuteOf = (iso: string): number => Math.floor(Date.parse(iso) / 60_000) * 60;

/**
 * The candle a new price makes: the last candle widened when the price falls in its minute, or a
 * new candle opening at the price when a new minute has begun. A price older than the last candle
 * (a late tick) changes nothing and gives null.
 */
export function candleWithPrice(last: TChartCandle | undefined, price: number, time: number): TChartCandle | null {
  if (!last || time > last.time) return { time, open: price, high: price, low: price, close: price };
  if (time < last.time) return null;
  return { time, open: last.open, high: Math.max(last.high, price), low: Math.min(last.low, price), close: price };
}
