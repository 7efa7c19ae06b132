import {
  CANDLE_HISTORY_MINUTES,
  MARKET_PAIRS,
  type TCandle,
  type TCandleList,
  type TCandleQuery,
  type TPair,
  type TQuote,
  type TQuoteList,
} from '@meridian/contracts/market';
import { type MarketFeed, roundPrice, type TFeedSink, type TTick } from './interface.ts';
import { midOf, TickStore } from './tick-store.ts';

const DAY = 24 * 3600_000;

/** What viewers receive: the quotes that changed (after a batch of ticks, or when some turned stale). */
export interface TMarketEvent {
  quotes: TQuote[];
}

export interface TMarketDataOptions {
  feed: MarketFeed;
  store?: TickStore;
  clock?: () => number;
  /** A price older than this is served with `stale: true`. */
  staleAfterMs?: number;
  /** How often prices are checked for turning stale (0 = never; tests call `checkStale()`). */
  staleCheckMs?: number;
}

/**
 * The market as the app sees it: starts the one upstream feed, keeps its ticks and candles, turns
 * them into quotes, and fans every change out to all subscribers (each SSE viewer is one), so one
 * upstream subscription serves any number of viewers.
 */
export class MarketData implements TFeedSink {
  readonly store: TickStore;
  private readonly feed: MarketFeed;
  private readonly clock: () => number;
  private readonly staleAfterMs: number;
  private readonly staleCheckMs: number;
  private readonly listeners = new Set<(event: TMarketEvent) => void>();
  private readonly disconnected = new Set<TPair>();
  private readonly open24h = new Map<TPair, number>();
  /** Pairs last announced stale, so each change is sent once. */
  private readonly announcedStale = new Set<TPair>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(options: TMarketDataOptions) {
    this.feed = options.feed;
    this.store = options.store ?? new TickStore();
    this.clock = options.clock ?? Date.now;
    this.staleAfterMs = options.staleAfterMs ?? 10_000;
    this.staleCheckMs = options.staleCheckMs ?? 1000;
  }

  start() {
    if (this.running) return;
    this.running = true;
    this.feed.start(this);
    if (this.staleCheckMs > 0) {
      this.timer = setInterval(() => this.checkStale(), this.staleCheckMs);
      this.timer.unref();
    }
  }

  async stop() {
    this.running = false;
    clearInterval(this.timer);
    await this.feed.stop();
    this.listeners.clear();
  }

  /** Every quote known, in `MARKET_PAIRS` order. */
  quotes(): TQuote[] {
    const now = this.clock();
    return MARKET_PAIRS.flatMap((pair) => {
      const quote = this.quoteOf(pair, now);
      return quote ? [quote] : [];
    });
  }

  quote(pair: TPair): TQuote | undefined {
    return this.quoteOf(pair, this.clock());
  }

  /**
   * The price a decision (opening or closing a position, settling a signal) uses: the mid of the
   * latest tick and when it was received, or null when it is stale (older than `staleAfterMs`, or
   * the upstream is disconnected): nothing is decided on a stale price.
   */
  priceNow(pair: TPair): { price: number; time: number } | null {
    const quote = this.quoteOf(pair, this.clock());
    if (!quote || quote.stale) return null;
    return { price: quote.mid, time: Date.parse(quote.time) };
  }

  /** GET /api/market/quotes: every quote known. */
  quoteList(): TQuoteList {
    return { quotes: this.quotes() };
  }

  candles(pair: TPair, fromMs: number, toMs: number): TCandle[] {
    return this.store.candles(pair, fromMs, toMs);
  }

  /**
   * GET /api/market/candles: the 1-minute candles of `pair` between `from` and `to` (Unix seconds);
   * `to` defaults to now, `from` to `CANDLE_HISTORY_MINUTES` before `to`.
   */
  candleList({ pair, from, to }: TCandleQuery): TCandleList {
    const toMs = to === undefined ? this.clock() : to * 1000;
    const fromMs = from === undefined ? toMs - CANDLE_HISTORY_MINUTES * 60_000 : from * 1000;
    return { pair, interval: '1m', candles: this.candles(pair, fromMs, toMs) };
  }

  /** Calls `listener` with every change until the returned function is called. */
  subscribe(listener: (event: TMarketEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get subscribers(): number {
    return this.listeners.size;
  }

  // --- TFeedSink: what the feed calls -----------------------------------------------------------

  ticks(batch: readonly TTick[]) {
    if (batch.length === 0) return;
    const now = this.clock();
    const changed = new Set<TPair>();
    for (const tick of batch) {
      this.store.add(tick);
      if (tick.open24h !== undefined) this.open24h.set(tick.pair, tick.open24h);
      this.disconnected.delete(tick.pair);
      changed.add(tick.pair);
    }
    if (this.listeners.size === 0) {
      // Nobody to tell (start-up history, no viewer): only keep track of what was last announced.
      for (const pair of changed) {
        const latest = this.store.latest(pair);
        if (latest && now - latest.time > this.staleAfterMs) this.announcedStale.add(pair);
        else this.announcedStale.delete(pair);
      }
      return;
    }
    const quotes: TQuote[] = [];
    for (const pair of changed) {
      const quote = this.quoteOf(pair, now);
      if (!quote) continue;
      if (quote.stale) this.announcedStale.add(pair);
      else this.announcedStale.delete(pair);
      quotes.push(quote);
    }
    this.emit({ quotes });
  }

  status(pairs: readonly TPair[], connected: boolean) {
    for (const pair of pairs) {
      if (connected) this.disconnected.delete(pair);
      else this.disconnected.add(pair);
    }
    this.checkStale();
  }

  /** Sends the quotes whose staleness changed since they were last sent. */
  checkStale() {
    const now = this.clock();
    const quotes: TQuote[] = [];
    for (const pair of MARKET_PAIRS) {
      const quote = this.quoteOf(pair, now);
      if (!quote || quote.stale === this.announcedStale.has(pair)) continue;
      if (quote.stale) this.announcedStale.add(pair);
      else this.announcedStale.delete(pair);
      quotes.push(quote);
    }
    if (quotes.length > 0) this.emit({ quotes });
  }

  private emit(event: TMarketEvent) {
    for (const listener of this.listeners) listener(event);
  }

  private quoteOf(pair: TPair, now: number): TQuote | undefined {
    const tick = this.store.latest(pair);
    if (!tick) return undefined;
    const mid = midOf(tick);
    const reference = this.open24h.get(pair) ?? this.store.openSince(pair, now - DAY, now) ?? mid;
    return {
      pair,
      bid: tick.bid,
      ask: tick.ask,
      mid,
      changePct: reference > 0 ? roundPrice(((mid - reference) / reference) * 100, 2) : 0,
      time: new Date(tick.time).toISOString(),
      stale: this.disconnected.has(pair) || now - tick.time > this.staleAfterMs,
      source: tick.source,
    };
  }
}
