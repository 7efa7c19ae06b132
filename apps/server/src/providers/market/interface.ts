import type { TCandle, TMarketSource, TPair } from '@meridian/contracts/market';

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

/**
 * `live`: prices as they arrive. `history`: prices a feed made up at start for the time before it
 * (the simulated walk fills the gap since the last stored candle), stored only where nothing is yet.
 */
export type TTickKind = 'live' | 'history';

/** Where a feed delivers what it receives. */
export interface TFeedSink {
  /** A batch of updates (at most one per pair). */
  ticks(batch: readonly TTick[], kind?: TTickKind): void;
  /** The upstream of `pairs` connected or dropped: while dropped their last prices are stale. */
  status(pairs: readonly TPair[], connected: boolean): void;
}

/** What a server holds of the market, handed to a server that joins a shared feed (shared-feed.ts). */
export interface TFeedSnapshot {
  /** Each pair's latest price, its `open24h` the price its 24-hour change is measured against. */
  ticks: TTick[];
  /** The pairs whose upstream is disconnected. */
  disconnected: TPair[];
}

/**
 * The market as a feed sees it (`MarketData`): besides what a feed of this server sends, it takes
 * the prices another server's feed sent, and tells what it holds, which a shared feed needs. Plain
 * feeds use only the `TFeedSink` part.
 */
export interface TMarketSink extends TFeedSink {
  /**
   * Prices another server's feed sent (several per pair possible, in order): kept and fanned out
   * like a feed's own, never recorded (the server whose feed made them records them). Their
   * `open24h` is that server's 24-hour reference, used until this server's own feed prices the pair.
   */
  relayed(batch: readonly TTick[]): void;
  /**
   * The price the 24-hour change of `pair` is now measured against (undefined before its first
   * price): sent with relayed prices as their `open24h`, so every server shows the same change.
   */
  changeReference(pair: TPair): number | undefined;
  snapshot(): TFeedSnapshot;
}

/**
 * `single`: this server runs its own feed (the embedded database). On PostgreSQL every server
 * shares one feed (shared-feed.ts): the `leader` runs it, the `follower`s receive its prices.
 */
export type TFeedRole = 'leader' | 'follower' | 'single';

/**
 * An upstream source of prices (the simulated walk, an exchange WebSocket, or several of them).
 * The app starts one feed; `MarketData` keeps what it sends and fans it out to every viewer.
 */
export interface MarketFeed {
  readonly pairs: readonly TPair[];
  /**
   * Starts delivering to `sink`. `resume`: where each pair's stored history ends; a feed that makes
   * its prices up (the simulated walk) continues from there instead of starting afresh. A feed that
   * needs time to start (the shared feed: its connection, the lead) answers a promise.
   */
  start(sink: TMarketSink, resume?: ReadonlyMap<TPair, TResumePoint>): void | Promise<void>;
  /** Stops every timer and connection; the feed sends nothing afterwards. */
  stop(): Promise<void>;
  /** Only a shared feed has a role other than `single`; `connected`: its database connection is up. */
  state?(): { role: TFeedRole; connected: boolean };
}

/** The last stored close of a pair and the time of the tick that set it (ms since the epoch). */
export interface TResumePoint {
  price: number;
  time: number;
}

/**
 * The persistent 1-minute candles behind `MarketData` (modules/trading/market/candle-recorder.ts): every
 * batch of ticks is recorded, and history is read back from it, so restarts and other servers
 * agree on it.
 */
export interface TCandleHistory {
  /** Each pair's last stored close, for the pairs that have one. */
  resumePoints(pairs: readonly TPair[]): Promise<Map<TPair, TResumePoint>>;
  /** Keeps a batch to be written (soon, in the background). */
  record(batch: readonly TTick[], kind: TTickKind): void;
  /** Stored candles whose minute starts in [fromMs, toMs), everything recorded before the call included. */
  candles(pair: TPair, fromMs: number, toMs: number): Promise<TCandle[]>;
  /** Writes what has been recorded so far; resolves once it is stored (or the write failed and was logged). */
  flush(): Promise<void>;
  /** Starts writing in the background. */
  start(): void;
  /** Stops the background writes and writes what is left. */
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
