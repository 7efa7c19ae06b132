import { MARKET_PAIRS, PAIR_DECIMALS, type TPair } from '@meridian/contracts/market';
import { type MarketFeed, roundPrice, type TFeedSink, type TResumePoint, type TTick } from './interface.ts';

/** Realistic starting mid prices, the spread quoted around them and the yearly volatility. */
const PROFILES: Record<TPair, { start: number; spread: number; vol: number }> = {
  'BTC/USD': { start: 67_250, spread: 6, vol: 0.6 },
  'ETH/USD': { start: 3_480, spread: 0.4, vol: 0.7 },
  'BNB/USD': { start: 595, spread: 0.1, vol: 0.6 },
  'SOL/USD': { start: 165, spread: 0.04, vol: 0.9 },
  'XRP/USD': { start: 0.62, spread: 0.0004, vol: 0.8 },
  'EUR/USD': { start: 1.085, spread: 0.0001, vol: 0.07 },
  'USD/JPY': { start: 151.5, spread: 0.014, vol: 0.09 },
  'GBP/USD': { start: 1.27, spread: 0.00014, vol: 0.08 },
  'USD/CHF': { start: 0.895, spread: 0.00014, vol: 0.08 },
  'AUD/USD': { start: 0.66, spread: 0.0001, vol: 0.1 },
};

const SECONDS_PER_YEAR = 365 * 24 * 3600;
/** Pull back towards the starting price per second, so a long-running walk stays plausible. */
const MEAN_REVERSION = 1e-6;

export interface TSimulatedOptions {
  /** Same seed, same sequence of prices. */
  seed?: number;
  /** Milliseconds between ticks; 0 = only when `step()` is called (tests). */
  intervalMs?: number;
  /**
   * Minutes of history (4 ticks a minute, ending just before start) made at start so charts are not
   * empty; for a pair resumed from stored history, only the part after its last stored price. 0 = none.
   */
  historyMinutes?: number;
  pairs?: readonly TPair[];
  clock?: () => number;
}

/** mulberry32: a small, fast, seedable PRNG (uniform in [0, 1)). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The default feed: a seeded geometric random walk per pair, one tick per pair per interval
 * (1 s), with a fixed spread around the mid. Prices are marked `simulated`. Started with resume
 * points, each pair walks on from its last stored price rather than from its profile's start.
 */
export class SimulatedFeed implements MarketFeed {
  readonly pairs: readonly TPair[];
  private readonly random: () => number;
  private readonly clock: () => number;
  private readonly intervalMs: number;
  private readonly historyMinutes: number;
  /** Natural log of the current mid of each pair. */
  private readonly logMid = new Map<TPair, number>();
  private spare: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private sink: TFeedSink | undefined;

  constructor(options: TSimulatedOptions = {}) {
    this.pairs = options.pairs ?? MARKET_PAIRS;
    this.random = mulberry32(options.seed ?? 1);
    this.clock = options.clock ?? Date.now;
    this.intervalMs = options.intervalMs ?? 1000;
    this.historyMinutes = options.historyMinutes ?? 0;
    for (const pair of this.pairs) this.logMid.set(pair, Math.log(PROFILES[pair].start));
  }

  start(sink: TFeedSink, resume?: ReadonlyMap<TPair, TResumePoint>) {
    this.sink = sink;
    const now = this.clock();
    /** Per pair, the time history must come after: its last stored price. */
    const storedUntil = new Map<TPair, number>();
    for (const pair of this.pairs) {
      const point = resume?.get(pair);
      if (!point || !(point.price > 0)) continue;
      this.logMid.set(pair, Math.log(point.price));
      storedUntil.set(pair, point.time);
    }
    if (this.historyMinutes > 0) {
      // Walk forward through the history, 15 s apart, ending just before now; a resumed pair only
      // through the gap since its last stored price.
      const steps = this.historyMinutes * 4;
      for (let i = steps; i > 0; i--) {
        const time = now - i * 15_000;
        const pairs = this.pairs.filter((pair) => time > (storedUntil.get(pair) ?? Number.NEGATIVE_INFINITY));
        if (pairs.length > 0) sink.ticks(this.advance(time, 15, pairs), 'history');
      }
    }
    sink.status(this.pairs, true);
    sink.ticks(this.advance(now, 1));
    if (this.intervalMs > 0) {
      this.timer = setInterval(() => this.step(), this.intervalMs);
      this.timer.unref();
    }
  }

  /** One tick for every pair at the clock's time, delivered to the sink; returned for tests. */
  step(): TTick[] {
    const batch = this.advance(this.clock(), this.intervalMs > 0 ? this.intervalMs / 1000 : 1);
    this.sink?.ticks(batch);
    return batch;
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.sink = undefined;
  }

  private advance(time: number, seconds: number, pairs: readonly TPair[] = this.pairs): TTick[] {
    return pairs.map((pair) => {
      const profile = PROFILES[pair];
      const start = Math.log(profile.start);
      const current = this.logMid.get(pair) ?? start;
      const sigma = profile.vol * Math.sqrt(seconds / SECONDS_PER_YEAR);
      const next = current + sigma * this.gaussian() - MEAN_REVERSION * seconds * (current - start);
      this.logMid.set(pair, next);
      const decimals = PAIR_DECIMALS[pair];
      const half = profile.spread / 2;
      const mid = Math.exp(next);
      const bid = roundPrice(mid - half, decimals);
      const ask = roundPrice(Math.max(mid + half, bid + 10 ** -decimals), decimals);
      return { pair, bid, ask, time, source: 'simulated' as const };
    });
  }

  /** Standard normal (Box–Muller, both values used). */
  private gaussian(): number {
    if (this.spare !== undefined) {
      const value = this.spare;
      this.spare = undefined;
      return value;
    }
    const u = 1 - this.random();
    const v = this.random();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }
}
