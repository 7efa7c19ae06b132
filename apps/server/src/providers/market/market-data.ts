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
import {
  type MarketFeed,
  roundPrice,
  silentLog,
  type TCandleHistory,
  type TFeedRole,
  type TFeedSnapshot,
  type TMarketLog,
  type TMarketSink,
  type TResumePoint,
  type TTick,
  type TTickKind,
} from './interface.ts';
import { midOf, TickStore } from './tick-store.ts';

const MINUTE = 60_000;
const DAY = 24 * 3600_000;

/** A fresh quote's prices, and when it was received (ms since the epoch). */
export interface TPriceNow {
  bid: number;
  ask: number;
  mid: number;
  time: number;
}

/** What viewers receive: the quotes that changed (after a batch of ticks, or when some turned stale). */
export interface TMarketEvent {
  quotes: TQuote[];
}

/** How this server gets its prices, for health checks (docs/architecture.md, "One feed for every server"). */
export interface TFeedState {
  role: TFeedRole;
  /** `single`: always true; shared: this server's connection to the feed (PostgreSQL LISTEN) is up. */
  connected: boolean;
  /** How old the newest price held is (by the time it was received upstream), or null before any. */
  lastTickAgeMs: number | null;
}

export interface TMarketDataOptions {
  feed: MarketFeed;
  store?: TickStore;
  clock?: () => number;
  /** A price older than this is served with `stale: true`. */
  staleAfterMs?: number;
  /** How often prices are checked for turning stale (0 = never; tests call `checkStale()`). */
  staleCheckMs?: number;
  /**
   * The stored candles (modules/trading/market/candle-recorder.ts): every batch is recorded there, the feed
   * resumes from them at start, and candle lists are read from them. Without it, candles live in
   * memory only.
   */
  history?: TCandleHistory;
  log?: TMarketLog;
}

/**
 * The market as the app sees it: starts the one upstream feed, keeps its ticks and candles, turns
 * them into quotes, and fans every change out to all subscribers (each SSE viewer is one), so one
 * upstream subscription serves any number of viewers. With a `history`, candles are also stored,
 * and candle lists come from there.
 */
export class MarketData implements TMarketSink {
  readonly store: TickStore;
  private readonly feed: MarketFeed;
  private readonly history: TCandleHistory | undefined;
  private readonly log: TMarketLog;
  private readonly clock: () => number;
  private readonly staleAfterMs: number;
  private readonly staleCheckMs: number;
  private readonly listeners = new Set<(event: TMarketEvent) => void>();
  private readonly disconnected = new Set<TPair>();
  private readonly open24h = new Map<TPair, number>();
  /**
   * The 24-hour references that came with relayed prices (the leader's, so every server shows the
   * same change), each kept until this server's own feed prices the pair (it took the lead).
   */
  private readonly relayedOpen24h = new Map<TPair, number>();
  /** Pairs last announced stale, so each change is sent once. */
  private readonly announcedStale = new Set<TPair>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  /** Reading the stored day into memory, after a start with a history. */
  private loadingDay: Promise<void> | undefined;

  constructor(options: TMarketDataOptions) {
    this.feed = options.feed;
    this.store = options.store ?? new TickStore();
    this.clock = options.clock ?? Date.now;
    this.staleAfterMs = options.staleAfterMs ?? 10_000;
    this.staleCheckMs = options.staleCheckMs ?? 1000;
    this.history = options.history;
    this.log = options.log ?? silentLog;
  }

  /**
   * Starts the feed. With a history, first reads where each pair's stored candles end, so the feed
   * resumes from there, and then, in the background, the stored day before that into memory (for
   * the 24-hour change). Without one, a plain feed starts at once, within this call; a shared feed
   * (shared-feed.ts) has its role when this resolves, and as a follower the leader's latest prices.
   */
  async start() {
    if (this.running) return;
    this.running = true;
    let resume: Map<TPair, TResumePoint> | undefined;
    if (this.history) {
      try {
        resume = await this.history.resumePoints(this.feed.pairs);
      } catch (err) {
        this.running = false;
        throw err;
      }
      if (!this.running) return; // stopped while reading
      this.history.start();
    }
    // A feed that needs time to start (the shared feed) answers a promise; others start right here.
    const starting = this.feed.start(this, resume);
    if (starting) {
      try {
        await starting;
      } catch (err) {
        this.running = false;
        throw err;
      }
      if (!this.running) return; // stopped while starting
    }
    if (this.history && resume) this.loadingDay = this.loadDayBefore(this.history, resume);
    if (this.staleCheckMs > 0) {
      this.timer = setInterval(() => this.checkStale(), this.staleCheckMs);
      this.timer.unref();
    }
  }

  /** Stops the feed, then writes the candles not yet stored. */
  async stop() {
    this.running = false;
    clearInterval(this.timer);
    await this.feed.stop();
    this.listeners.clear();
    await this.loadingDay;
    await this.history?.stop();
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
   * The prices a decision (opening or closing a position at its side, settling a signal at the mid)
   * uses: the latest tick's bid, ask and mid and when it was received, or null when it is stale
   * (older than `staleAfterMs`, or the upstream is disconnected): nothing is decided on a stale price.
   */
  priceNow(pair: TPair): TPriceNow | null {
    const quote = this.quoteOf(pair, this.clock());
    if (!quote || quote.stale) return null;
    return { bid: quote.bid, ask: quote.ask, mid: quote.mid, time: Date.parse(quote.time) };
  }

  /** GET /api/market/quotes: every quote known. */
  quoteList(): TQuoteList {
    return { quotes: this.quotes() };
  }

  /** The candles this process keeps in memory whose minute starts within [fromMs, toMs]. */
  candles(pair: TPair, fromMs: number, toMs: number): TCandle[] {
    return this.store.candles(pair, fromMs, toMs);
  }

  /**
   * GET /api/market/candles: the 1-minute candles of `pair` whose minute starts between `from` and
   * `to` (Unix seconds, both included): the stored ones, up to the last tick received, when there is
   * a history; otherwise those in memory. `to` defaults to now, `from` to `CANDLE_HISTORY_MINUTES`
   * before `to`, which is also the longest range answered (the latest part of a longer one).
   */
  async candleList({ pair, from, to }: TCandleQuery): Promise<TCandleList> {
    const toMs = to === undefined ? this.clock() : to * 1000;
    const earliest = toMs - CANDLE_HISTORY_MINUTES * MINUTE;
    const fromMs = from === undefined ? earliest : Math.max(from * 1000, earliest);
    const candles = this.history
      ? await this.history.candles(pair, fromMs, toMs + 1)
      : this.candles(pair, fromMs, toMs);
    return { pair, interval: '1m', candles };
  }

  /** Writes the candles recorded so far to the history (a no-op without one). */
  async flushCandles(): Promise<void> {
    await this.history?.flush();
  }

  /** Calls `listener` with every change until the returned function is called. */
  subscribe(listener: (event: TMarketEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get subscribers(): number {
    return this.listeners.size;
  }

  /** Whether this server runs the feed or receives it, and how fresh its prices are. */
  feedState(): TFeedState {
    let newest: number | undefined;
    for (const pair of MARKET_PAIRS) {
      const time = this.store.latest(pair)?.time;
      if (time !== undefined && (newest === undefined || time > newest)) newest = time;
    }
    const { role, connected } = this.feed.state?.() ?? { role: 'single' as const, connected: true };
    return { role, connected, lastTickAgeMs: newest === undefined ? null : Math.max(0, this.clock() - newest) };
  }

  // --- TMarketSink: what the feed calls ---------------------------------------------------------

  ticks(batch: readonly TTick[], kind: TTickKind = 'live') {
    if (batch.length === 0) return;
    this.history?.record(batch, kind);
    for (const tick of batch) this.relayedOpen24h.delete(tick.pair);
    this.apply(batch, this.open24h);
  }

  relayed(batch: readonly TTick[]) {
    if (batch.length > 0) this.apply(batch, this.relayedOpen24h);
  }

  changeReference(pair: TPair): number | undefined {
    const tick = this.store.latest(pair);
    return tick && this.referenceOf(pair, midOf(tick), this.clock());
  }

  snapshot(): TFeedSnapshot {
    const now = this.clock();
    const ticks = MARKET_PAIRS.flatMap((pair) => {
      const latest = this.store.latest(pair);
      return latest ? [{ ...latest, open24h: this.referenceOf(pair, midOf(latest), now) }] : [];
    });
    return { ticks, disconnected: [...this.disconnected] };
  }

  status(pairs: readonly TPair[], connected: boolean) {
    for (const pair of pairs) {
      if (connected) this.disconnected.delete(pair);
      else this.disconnected.add(pair);
    }
    this.checkStale();
  }

  /** Keeps a batch of prices (their 24-hour opens into `references`) and tells the subscribers what changed. */
  private apply(batch: readonly TTick[], references: Map<TPair, number>) {
    const now = this.clock();
    const changed = new Set<TPair>();
    for (const tick of batch) {
      this.store.add(tick);
      if (tick.open24h !== undefined) references.set(tick.pair, tick.open24h);
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

  /**
   * The stored candles of the last day up to where each pair resumed, into memory: the 24-hour
   * change is then measured against the day before a restart too. Minutes memory holds already (the
   * one the feed continues) stay as they are. Never rejects: on failure the change starts from now.
   */
  private async loadDayBefore(history: TCandleHistory, resume: ReadonlyMap<TPair, TResumePoint>) {
    const since = this.clock() - DAY;
    const pairs = [...resume.keys()];
    try {
      const days = await Promise.all(
        pairs.map((pair) =>
          history.candles(pair, since, Math.floor((resume.get(pair)?.time ?? 0) / MINUTE + 1) * MINUTE),
        ),
      );
      pairs.forEach((pair, i) => {
        for (const candle of days[i] ?? []) this.store.addCandle(pair, candle);
      });
    } catch (err) {
      this.log.warn({ err }, 'market: could not read the stored day of candles; the 24-hour change starts from now');
    }
  }

  private emit(event: TMarketEvent) {
    for (const listener of this.listeners) listener(event);
  }

  /** The price the 24-hour change of `pair` is measured against: the upstream's, else the oldest of the day held. */
  private referenceOf(pair: TPair, mid: number, now: number): number {
    return this.open24h.get(pair) ?? this.relayedOpen24h.get(pair) ?? this.store.openSince(pair, now - DAY, now) ?? mid;
  }

  private quoteOf(pair: TPair, now: number): TQuote | undefined {
    const tick = this.store.latest(pair);
    if (!tick) return undefined;
    const mid = midOf(tick);
    const reference = this.referenceOf(pair, mid, now);
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
