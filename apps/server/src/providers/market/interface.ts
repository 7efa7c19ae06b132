import type { TMarketSource, TPair } from '@meridian/contracts/market';

/** One price update from an upstream feed; prices already rounded to the pair's decimals. */
export interface TTick {
  pair: TPair;
  bid: number;
  ask: number;
  /** Milliseconds since the epoch at which the price was received. */
  time: number;
  source: TMarketSource;
  /** The mid price 24 hours earlier when the upstream knows it (Binance miniTicker `o`). */
  open24h?: number;
}

/** Where a feed delivers what it receives. */
export interface TFeedSink {
  /** A batch of updates (at most one per pair). */
  ticks(batch: readonly TTick[]): void;
  /** The upstream of `pairs` connected or dropped: while dropped their last prices are stale. */
  status(pairs: readonly TPair[], connected: boolean): void;
}

/**
 * An upstream source of prices (the simulated walk, an exchange WebSocket, or several of them).
 * The app starts one feed; `MarketData` keeps what it sends and fans it out to every viewer.
 */
export interface MarketFeed {
  readonly pairs: readonly TPair[];
  start(sink: TFeedSink): void;
  /** Stops every timer and connection; the feed sends nothing afterwards. */
  stop(): Promise<void>;
}

/** The part of a pino/Fastify logger the providers use. */
export interface TMarketLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export const silentLog: TMarketLog = { info() {}, warn() {} };

/** Rounds half up (away from zero) to `decimals`, giving the nearest double of that decimal. */
export function roundPrice(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round((value + Number.EPSILON * Math.abs(value)) * factor) / factor;
}
