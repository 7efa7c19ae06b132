import { performance } from 'node:perf_hooks';
import type { TPair, TQuote } from '@meridian/contracts/market';
import { spreadOf, type TQuoteSide } from '@meridian/contracts/position-terms';
import type { FastifyBaseLogger } from 'fastify';
import type { MarketData } from '../providers/market/market-data.ts';
import { LevelIndex, type TLevelEntry } from './level-index.ts';

/**
 * Watches every fresh quote for the rows whose price level it reaches (open positions' exit levels,
 * pending orders' levels) and has them settled in batches. Each row watches the side of the quote its
 * trade fills on (a position's closing side, an order's opening side), so there is an index
 * (level-index.ts) per side. It is built from the database at start, follows the rows this server
 * creates, changes and settles, and is synced with the database by its job (every JOBS_INTERVAL_MS),
 * so rows another server created or changed are covered too. A row whose level a price reaches
 * leaves the index at once and is queued with the price of its side and the time of that tick; each
 * pair's queue is settled in batches one after the other, so ticks arriving during a batch wait for
 * it rather than piling up transactions. The owner's `settle` decides each row from the database as
 * it is then (claimed with SKIP LOCKED, only while still waiting, its level checked again), so
 * several servers receiving one tick settle each row once, and a server whose index holds an old
 * level does nothing on it.
 */

/** Rows settled per DB transaction. */
export const LEVEL_BATCH_SIZE = 250;
/** One sync in this many re-reads every row; the others read only those created or changed since. */
export const FULL_SYNC_EVERY = 30;
/**
 * How far back an incremental sync reads before the last one's start: a row's levels are dated by
 * the start of the DB transaction that set them, so levels still committing when the last sync read
 * are picked up by the next.
 */
const SYNC_OVERLAP_MS = 60_000;

/** A row whose level a tick reached: the price of its side, that tick's spread and time (ms since the epoch). */
export interface TReached {
  id: string;
  price: number;
  spread: number;
  time: number;
}

const SIDES = ['bid', 'ask'] as const satisfies readonly TQuoteSide[];

/** One index per side of the quote. */
class SideIndexes {
  readonly bid = new LevelIndex();
  readonly ask = new LevelIndex();

  get size(): number {
    return this.bid.size + this.ask.size;
  }

  add(side: TQuoteSide, entry: TLevelEntry): void {
    this[side === 'bid' ? 'ask' : 'bid'].remove(entry.id);
    this[side].add(entry);
  }

  remove(id: string): void {
    this.bid.remove(id);
    this.ask.remove(id);
  }
}

/** What a monitor does with its rows: the owning module's part. */
export interface TLevelSource<Row extends { id: string }> {
  /** The work, for the log: "close at a level", "order fill". */
  what: string;
  /** Rows waiting on a level (`since`: only those whose levels were set since then), with the database's clock. */
  read(since: Date | null): Promise<{ at: Date; rows: Row[] }>;
  /** A row's levels as the index keeps them. */
  entryOf(row: Row): TLevelEntry;
  /** The side of the quote a row's levels are measured on. */
  sideOf(row: Row): TQuoteSide;
  /**
   * Settles reached rows in one DB transaction: answers the ids it settled, and the rows it found
   * waiting on levels the price has not reached (changed since the index read them) to watch again.
   * A rejection leaves every row as it was.
   */
  settle(batch: readonly TReached[]): Promise<{ settled: string[]; unreached: Row[] }>;
}

/** What a monitor has done, for health checks and benchmarks. */
export interface TLevelStats {
  /** Rows in the index (those with a level). */
  indexed: number;
  /** Rows whose level was reached, waiting to be settled. */
  queued: number;
  /** Market events handled, and the time their handling took on the event loop (ms). */
  ticks: number;
  lastTickMs: number;
  maxTickMs: number;
  totalTickMs: number;
  /** Rows this server settled, and failed batches (their rows return with the next sync). */
  settled: number;
  failedBatches: number;
  /** From the reaching tick's time to the commit of its batch (ms): the last and the worst. */
  lastLagMs: number | null;
  maxLagMs: number;
}

type TJournalEntry = { add: TLevelEntry; side: TQuoteSide } | { remove: string };

export class LevelMonitor<Row extends { id: string }> {
  private index = new SideIndexes();
  /** Changes made while a sync reads the database, replayed onto the index it builds. */
  private journal: TJournalEntry[] | null = null;
  private readonly queues = new Map<TPair, TReached[]>();
  private readonly draining = new Map<TPair, Promise<void>>();
  private readonly inFlight = new Set<string>();
  private syncing: Promise<void> | null = null;
  /** Rows whose levels were set from this time on (database clock) are read by the next incremental sync. */
  private syncedFrom: Date | null = null;
  private syncs = 0;
  private fullSyncDue = true;
  private unsubscribe: (() => void) | undefined;
  private stopped = false;
  private readonly counters: Omit<TLevelStats, 'indexed' | 'queued'> = {
    ticks: 0,
    lastTickMs: 0,
    maxTickMs: 0,
    totalTickMs: 0,
    settled: 0,
    failedBatches: 0,
    lastLagMs: null,
    maxLagMs: 0,
  };

  constructor(
    private readonly source: TLevelSource<Row>,
    private readonly market: MarketData,
    private readonly log: FastifyBaseLogger,
    private readonly batchSize = LEVEL_BATCH_SIZE,
  ) {}

  /** Subscribes to the market and builds the index (then checks it against the current prices). */
  async start(): Promise<void> {
    if (this.unsubscribe || this.stopped) return;
    this.unsubscribe = this.market.subscribe((event) => this.onQuotes(event.quotes));
    await this.resync();
  }

  /** Stops watching and waits for the batches under way, so nothing touches the database afterwards. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    await this.settled();
  }

  /** Resolves when no row whose level was reached is waiting to be settled. */
  async settled(): Promise<void> {
    while (this.draining.size > 0) await Promise.all(this.draining.values());
  }

  /** A row this server has just created, or whose levels it has just changed. */
  track(row: Row): void {
    const entry = this.source.entryOf(row);
    const side = this.source.sideOf(row);
    this.index.add(side, entry);
    this.journal?.push({ add: entry, side });
  }

  /** Rows this server has just settled or ended (by any rule). */
  forget(ids: readonly string[]): void {
    for (const id of ids) {
      this.index.remove(id);
      this.journal?.push({ remove: id });
    }
  }

  /** Checks the index against the current prices now (rows just tracked may already be reached). */
  recheck(): void {
    if (!this.stopped) this.checkQuotes(this.market.quotes());
  }

  /**
   * Brings the index up to date with the database (one sync at a time): adds the rows created, and
   * takes the levels of those changed, since the last sync (on any server), and every
   * `FULL_SYNC_EVERY` syncs (or after a failed batch) rebuilds it whole, which also drops rows
   * another server has settled (until then such a row only costs a claim that finds nothing when a
   * price reaches it). Then settles any whose level the current prices have already reached.
   */
  resync(): Promise<void> {
    this.syncing ??= this.sync().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  stats(): TLevelStats {
    let queued = 0;
    for (const queue of this.queues.values()) queued += queue.length;
    return { indexed: this.index.size, queued: queued + this.inFlight.size, ...this.counters };
  }

  private async sync(): Promise<void> {
    const full = this.fullSyncDue || this.syncedFrom === null || this.syncs % FULL_SYNC_EVERY === 0;
    this.fullSyncDue = false;
    this.journal = [];
    try {
      const { at, rows } = await this.source.read(full ? null : this.syncedFrom);
      const index = full ? new SideIndexes() : this.index;
      for (const row of rows) index.add(this.source.sideOf(row), this.source.entryOf(row));
      // What this server did while the rows were read: they may predate it.
      for (const change of this.journal) {
        if ('add' in change) index.add(change.side, change.add);
        else index.remove(change.remove);
      }
      // Already reached and on their way to being settled.
      for (const queue of this.queues.values()) for (const queued of queue) index.remove(queued.id);
      for (const id of this.inFlight) index.remove(id);
      this.index = index;
      this.syncs += 1;
      this.syncedFrom = new Date(at.getTime() - SYNC_OVERLAP_MS);
    } catch (err) {
      if (full) this.fullSyncDue = true;
      throw err;
    } finally {
      this.journal = null;
    }
    this.recheck();
  }

  /** A market event: checks its quotes, timing the work done on the event loop. */
  private onQuotes(quotes: readonly TQuote[]): void {
    const began = performance.now();
    this.checkQuotes(quotes);
    const took = performance.now() - began;
    this.counters.ticks += 1;
    this.counters.lastTickMs = took;
    this.counters.totalTickMs += took;
    if (took > this.counters.maxTickMs) this.counters.maxTickMs = took;
  }

  /** Takes the rows whose level each fresh quote has reached, on their side, out of the index and queues them. */
  private checkQuotes(quotes: readonly TQuote[]): void {
    for (const quote of quotes) {
      // Nothing settles on a stale price.
      if (quote.stale) continue;
      let reached = false;
      for (const side of SIDES) {
        const ids = this.index[side].takeReached(quote.pair, quote[side]);
        if (ids.length === 0) continue;
        reached = true;
        const price = quote[side];
        const spread = spreadOf(quote.pair, quote);
        const time = Date.parse(quote.time);
        let queue = this.queues.get(quote.pair);
        if (!queue) {
          queue = [];
          this.queues.set(quote.pair, queue);
        }
        for (const id of ids) {
          this.journal?.push({ remove: id });
          queue.push({ id, price, spread, time });
        }
      }
      if (reached) this.drain(quote.pair);
    }
  }

  /** Settles the pair's queue batch after batch, unless that is already under way. */
  private drain(pair: TPair): void {
    if (this.draining.has(pair) || this.stopped) return;
    const queue = this.queues.get(pair);
    if (!queue || queue.length === 0) return;
    const run = (async () => {
      while (queue.length > 0 && !this.stopped) await this.settleBatch(queue.splice(0, this.batchSize));
    })().finally(() => {
      this.draining.delete(pair);
      // Rows queued between the loop's last check and here.
      this.drain(pair);
    });
    this.draining.set(pair, run);
  }

  private async settleBatch(batch: TReached[]): Promise<void> {
    for (const reached of batch) this.inFlight.add(reached.id);
    try {
      const { settled, unreached } = await this.source.settle(batch);
      // Back into the index with the levels they now have.
      for (const row of unreached) this.track(row);
      const done = Date.now();
      const times = new Map(batch.map((reached) => [reached.id, reached.time]));
      this.counters.settled += settled.length;
      for (const id of settled) {
        const lag = done - (times.get(id) ?? done);
        this.counters.lastLagMs = lag;
        if (lag > this.counters.maxLagMs) this.counters.maxLagMs = lag;
      }
    } catch (err) {
      // The rows are unchanged in the database: the next sync reads them all back into the index.
      this.fullSyncDue = true;
      this.counters.failedBatches += 1;
      this.log.error({ err, rows: batch.length }, `${this.source.what} failed`);
    } finally {
      for (const reached of batch) this.inFlight.delete(reached.id);
    }
  }
}
