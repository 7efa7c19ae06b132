import { z } from 'zod';
import { text } from './fields.ts';
import { MARKET_PAIRS, MARKET_SOURCES } from './pairs.ts';

export * from './pairs.ts';

/** A pair as sent in a query (`BTC/USD`, percent-encoded as `BTC%2FUSD`). */
export const ZPair = z.enum(MARKET_PAIRS, { error: 'validation.pairUnknown' });

/** The latest price of one pair. */
export const ZQuote = z.object({
  pair: ZPair,
  bid: z.number(),
  ask: z.number(),
  /** (bid + ask) / 2, rounded half up to the pair's decimals. */
  mid: z.number(),
  /** Change of `mid` over the last 24 hours (or since the oldest price kept), in percent, 2 decimals. */
  changePct: z.number(),
  /** When this price was received (ISO). */
  time: z.iso.datetime(),
  /** True when no fresh price arrived recently or the upstream feed is disconnected: the last known price. */
  stale: z.boolean(),
  source: z.enum(MARKET_SOURCES),
});
export type TQuote = z.infer<typeof ZQuote>;

/** GET /api/market/quotes: one quote per pair that has a price, in `MARKET_PAIRS` order. */
export const ZQuoteList = z.object({ quotes: z.array(ZQuote) });
export type TQuoteList = z.infer<typeof ZQuoteList>;

/** A 1-minute candle of `mid` prices; `time` is the minute's start in Unix seconds (as lightweight-charts takes it). */
export const ZCandle = z.object({
  time: z.number().int(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  /** Prices received in the minute. */
  ticks: z.number().int(),
});
export type TCandle = z.infer<typeof ZCandle>;

export const ZCandleList = z.object({
  pair: ZPair,
  interval: z.literal('1m'),
  candles: z.array(ZCandle),
});
export type TCandleList = z.infer<typeof ZCandleList>;

/** The longest range of candles one request returns, and the default one (candles are kept MARKET_CANDLE_RETENTION_DAYS). */
export const CANDLE_HISTORY_MINUTES = 24 * 60;

/** A time in a query: Unix seconds or an ISO date-time; read as Unix seconds. */
const ZQueryTime = text()
  .refine((v) => /^\d{1,11}$/.test(v) || z.iso.datetime({ offset: true }).safeParse(v).success, {
    error: 'validation.timeInvalid',
  })
  .transform((v) => (/^\d+$/.test(v) ? Number(v) : Math.floor(Date.parse(v) / 1000)))
  .describe('Unix seconds or an ISO date-time');

/** `?pair=&from=&to=`: `to` defaults to now, `from` to 24 hours before `to`. */
export const ZCandleQuery = z
  .strictObject({
    pair: ZPair,
    from: ZQueryTime.optional(),
    to: ZQueryTime.optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    error: 'validation.fromAfterTo',
    path: ['from'],
  });
export type TCandleQuery = z.output<typeof ZCandleQuery>;

/**
 * `GET /api/market/stream` (Server-Sent Events). `once=1` sends the snapshot and ends the response,
 * for clients that only want one reading of the stream (and for tests that wait for an answer).
 */
export const ZStreamQuery = z.strictObject({
  once: z.enum(['0', '1'], { error: 'validation.onceInvalid' }).optional(),
});

/** SSE `snapshot` event (first event of every connection): every quote. */
export const ZMarketSnapshotEvent = ZQuoteList;
/** SSE `quotes` event: the quotes that changed in one batch of ticks (or turned stale). */
export const ZMarketQuotesEvent = ZQuoteList;
