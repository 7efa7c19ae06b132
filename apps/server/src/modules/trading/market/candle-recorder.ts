import type { TCandle, TPair } from '@meridian/contracts/market';
import type { Db } from '../../../db/client.ts';
import type {
  TCandleHistory,
  TMarketLog,
  TResumePoint,
  TTick,
  TTickKind,
} from '../../../providers/market/interface.ts';
import { foldIntoCandle, midOf, type TCandleInProgress, tickCandle } from '../../../providers/market/tick-store.ts';
import { insertMissingCandles, lastClose, mergeCandles, readCandles, type TCandleRow } from './candles.repository.ts';

const MINUTE = 60_000;
/** Rows per statement when writing made-up history (9 parameters a row, far below PostgreSQL's 65,535). */
const HISTORY_ROWS_PER_STATEMENT = 1000;
/** While writes keep failing, the failure is logged again at most this often. */
const FAILURE_LOG_EVERY_MS = 60_000;

/** The part of one pair's minute recorded since the last write. */
interface TCandlePart extends TCandleInProgress {
  pair: TPair;
  /** The minute's start, ms since the epoch. */
  minute: number;
}

type TParts = Map<string, TCandlePart>;

export interface TCandleRecorderOptions {
  /** How often what was recorded is written (0 = only by `flush()`; tests). */
  flushMs?: number;
  clock?: () => number;
}

/**
 * Stores the feed's 1-minute candles (market_candles) as it runs. Each batch of ticks is folded, in
 * memory, into the part of each (pair, minute) seen since the last write; about once a second those
 * parts are written as one statement that merges them into the stored candles (candles.repository.ts,
 * `mergeCandles`), so servers sharing a database, and a server restarting within a minute, add to
 * the same candles. History the simulated feed makes up at start is only inserted where no candle is
 * stored. A failed write is logged and its parts are kept for the next one; nothing is lost while
 * the process lives, and `stop()` writes what is left.
 */
export class CandleRecorder implements TCandleHistory {
  private live: TParts = new Map();
  private history: TParts = new Map();
  /** The write that has been asked for and not started yet: callers in the meantime share it. */
  private queued: Promise<void> | undefined;
  /** The last write asked for: writes run one after the other. */
  private tail: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private readonly flushMs: number;
  private readonly clock: () => number;
  private failingSince: number | undefined;
  private failureLoggedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly log: TMarketLog,
    options: TCandleRecorderOptions = {},
  ) {
    this.flushMs = options.flushMs ?? 1000;
    this.clock = options.clock ?? Date.now;
  }

  start() {
    if (this.timer || this.flushMs <= 0) return;
    this.timer = setInterval(() => void this.flush(), this.flushMs);
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  record(batch: readonly TTick[], kind: TTickKind) {
    const parts = kind === 'history' ? this.history : this.live;
    for (const tick of batch) {
      const price = midOf(tick);
      // A price the stored candles refuse (low > 0) would fail every later write with it.
      if (!(price > 0) || !Number.isFinite(price) || !Number.isFinite(tick.time)) continue;
      const minute = Math.floor(tick.time / MINUTE) * MINUTE;
      const key = `${tick.pair} ${minute}`;
      const part = parts.get(key);
      if (part) foldIntoCandle(part, tickCandle(price, tick.time));
      else parts.set(key, { pair: tick.pair, minute, ...tickCandle(price, tick.time) });
    }
  }

  /**
   * Writes everything recorded before the call. Concurrent callers share one write; a write waits
   * for the one before it. Never rejects: a failure is logged and its parts wait for the next write.
   */
  flush(): Promise<void> {
    if (!this.queued) {
      const write = this.tail.then(() => {
        this.queued = undefined;
        return this.write();
      });
      this.queued = write;
      this.tail = write.catch(() => undefined);
    }
    return this.queued;
  }

  async candles(pair: TPair, fromMs: number, toMs: number): Promise<TCandle[]> {
    await this.flush();
    return readCandles(this.db, pair, fromMs, toMs);
  }

  async resumePoints(pairs: readonly TPair[]): Promise<Map<TPair, TResumePoint>> {
    const lasts = await Promise.all(pairs.map((pair) => lastClose(this.db, pair)));
    const points = new Map<TPair, TResumePoint>();
    pairs.forEach((pair, i) => {
      const last = lasts[i];
      if (last) points.set(pair, { price: last.close, time: last.closeTime.getTime() });
    });
    return points;
  }

  /** Candle parts recorded and not yet written (tests, and the logs). */
  get pending(): number {
    return this.live.size + this.history.size;
  }

  private async write(): Promise<void> {
    const history = this.history;
    const live = this.live;
    if (history.size === 0 && live.size === 0) return;
    this.history = new Map();
    this.live = new Map();
    try {
      // History first: where it reaches the minute live ticks continue, the live part merges into it.
      const historyRows = rowsOf(history);
      for (let i = 0; i < historyRows.length; i += HISTORY_ROWS_PER_STATEMENT) {
        const rows = historyRows.slice(i, i + HISTORY_ROWS_PER_STATEMENT);
        await insertMissingCandles(this.db, rows);
        for (const row of rows) history.delete(`${row.pair} ${row.minute.getTime()}`);
      }
      await mergeCandles(this.db, rowsOf(live));
      live.clear();
      if (this.failingSince !== undefined) {
        this.log.info({ failingForMs: this.clock() - this.failingSince }, 'market candles: writing again');
        this.failingSince = undefined;
      }
    } catch (err) {
      // What was not written goes back in front of what was recorded since.
      this.history = mergeParts(history, this.history);
      this.live = mergeParts(live, this.live);
      const now = this.clock();
      const firstFailure = this.failingSince === undefined;
      this.failingSince ??= now;
      if (firstFailure || now - this.failureLoggedAt >= FAILURE_LOG_EVERY_MS) {
        this.failureLoggedAt = now;
        this.log.warn(
          { err, pending: this.pending, failingForMs: now - this.failingSince },
          'market candles: write failed, kept for the next try',
        );
      }
    }
  }
}

/** Rows in (pair, minute) order, the order every writer locks them in. */
function rowsOf(parts: TParts): TCandleRow[] {
  return [...parts.values()]
    .sort((a, b) => (a.pair === b.pair ? a.minute - b.minute : a.pair < b.pair ? -1 : 1))
    .map((p) => ({
      pair: p.pair,
      minute: new Date(p.minute),
      open: p.open,
      high: p.high,
      low: p.low,
      close: p.close,
      ticks: p.ticks,
      closeTime: new Date(p.closeTime),
    }));
}

/** `later` folded into `earlier` the way the stored candles merge them: the open stays the earlier one's. */
function mergeParts(earlier: TParts, later: TParts): TParts {
  for (const [key, part] of later) {
    const first = earlier.get(key);
    if (first) foldIntoCandle(first, part);
    else earlier.set(key, part);
  }
  return earlier;
}
