import { performance } from 'node:perf_hooks';
import type { TPair, TQuote } from '@meridian/contracts/market';
import type { TPositionType } from '@meridian/contracts/position-terms';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { MarketData } from '../../../providers/market/market-data.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { closePositions, type TExitPrice, withDeadlockRetry } from './closing.ts';
import { openStopOuts } from './positions.repository.ts';
import { StopOutIndex } from './stop-out-index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Closes open positions whose loss reaches their margin, on the tick that crosses (modules/trading/positions). */
    stopOuts: StopOutMonitor;
  }
}

/** Positions closed per DB transaction. */
export const STOP_OUT_BATCH_SIZE = 250;
/** One sync in this many re-reads every open position; the others read only those opened since. */
export const FULL_SYNC_EVERY = 30;
/**
 * How far back an incremental sync reads before the last one's start: a position is dated by its DB
 * transaction's start, so one still committing when the last sync read is picked up by the next.
 */
const SYNC_OVERLAP_MS = 60_000;

/** What the monitor has done, for health checks and benchmarks. */
export interface TStopOutStats {
  /** Open positions in the index (those with a stop-out price). */
  indexed: number;
  /** Crossed positions waiting for their close. */
  queued: number;
  /** Market events handled, and the time their handling took on the event loop (ms). */
  ticks: number;
  lastTickMs: number;
  maxTickMs: number;
  totalTickMs: number;
  /** Stop-outs this server closed, and failed close batches (their positions return with the next sync). */
  closed: number;
  failedBatches: number;
  /** From the crossing tick's time to the commit of its close (ms): the last and the worst. */
  lastLagMs: number | null;
  maxLagMs: number;
}

interface TQueued {
  id: string;
  exit: TExitPrice;
}

type TJournalEntry =
  | { add: { id: string; pair: TPair; type: TPositionType; stop: number | null } }
  | { remove: string };

/**
 * Watches every fresh quote for open positions it stops out. The index (stop-out-index.ts) is built
 * from the database at start, follows the positions this server opens and closes, and is synced
 * with the database by the positions job (every JOBS_INTERVAL_MS), so positions another server
 * opened are covered too. A crossed position leaves the index at once and is queued with the price
 * of the tick that crossed it (its exit price); each pair's queue is closed in batches one after the
 * other, so ticks arriving during a close wait for it rather than piling up transactions. Closing
 * claims rows with SKIP LOCKED and only while open (closing.ts): several servers receiving the same
 * tick close each position once.
 */
export class StopOutMonitor {
  private index = new StopOutIndex();
  /** Changes made while a sync reads the database, replayed onto the index it builds. */
  private journal: TJournalEntry[] | null = null;
  private readonly queues = new Map<TPair, TQueued[]>();
  private readonly draining = new Map<TPair, Promise<void>>();
  private readonly inFlight = new Set<string>();
  private syncing: Promise<void> | null = null;
  /** Positions created from this time on (database clock) are read by the next incremental sync. */
  private syncedFrom: Date | null = null;
  private syncs = 0;
  private fullSyncDue = true;
  private unsubscribe: (() => void) | undefined;
  private stopped = false;
  private readonly counters: Omit<TStopOutStats, 'indexed' | 'queued'> = {
    ticks: 0,
    lastTickMs: 0,
    maxTickMs: 0,
    totalTickMs: 0,
    closed: 0,
    failedBatches: 0,
    lastLagMs: null,
    maxLagMs: 0,
  };

  constructor(
    private readonly db: Db,
    private readonly market: MarketData,
    private readonly log: FastifyBaseLogger,
    /** Where the clients' emails of their stop-outs go. */
    private readonly mail: Mailer,
    private readonly batchSize = STOP_OUT_BATCH_SIZE,
  ) {}

  /** Subscribes to the market and builds the index (then checks it against the current prices). */
  async start(): Promise<void> {
    if (this.unsubscribe || this.stopped) return;
    this.unsubscribe = this.market.subscribe((event) => this.onQuotes(event.quotes));
    await this.resync();
  }

  /** Stops watching and waits for the closes under way, so nothing touches the database afterwards. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    await this.settled();
  }

  /** Resolves when no crossed position is waiting for its close. */
  async settled(): Promise<void> {
    while (this.draining.size > 0) await Promise.all(this.draining.values());
  }

  /** A position this server has just opened. */
  track(position: { id: string; pair: string; type: TPositionType; stopOutPrice: number | null }): void {
    const entry = { id: position.id, pair: position.pair as TPair, type: position.type, stop: position.stopOutPrice };
    this.index.add(entry);
    this.journal?.push({ add: entry });
  }

  /** Positions this server has just closed (by any rule). */
  forget(ids: readonly string[]): void {
    for (const id of ids) {
      this.index.remove(id);
      this.journal?.push({ remove: id });
    }
  }

  /**
   * Brings the index up to date with the database (one sync at a time): adds the positions opened
   * since the last sync (on any server), and every `FULL_SYNC_EVERY` syncs (or after a failed close)
   * rebuilds it whole, which also drops positions another server has closed (until then such a
   * position only costs a claim that finds it closed when a price crosses it). Then closes any the current prices have already
   * crossed (opened on another server, or while this one was down).
   */
  resync(): Promise<void> {
    this.syncing ??= this.sync().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  stats(): TStopOutStats {
    let queued = 0;
    for (const queue of this.queues.values()) queued += queue.length;
    return { indexed: this.index.size, queued: queued + this.inFlight.size, ...this.counters };
  }

  private async sync(): Promise<void> {
    const full = this.fullSyncDue || this.syncedFrom === null || this.syncs % FULL_SYNC_EVERY === 0;
    this.fullSyncDue = false;
    this.journal = [];
    try {
      const { at, rows } = await openStopOuts(this.db, full ? null : this.syncedFrom);
      const index = full ? new StopOutIndex() : this.index;
      for (const row of rows) index.add(row);
      // What this server did while the rows were read: they may predate it.
      for (const change of this.journal) {
        if ('add' in change) index.add(change.add);
        else index.remove(change.remove);
      }
      // Already crossed and on their way to being closed.
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
    if (!this.stopped) this.checkQuotes(this.market.quotes());
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

  /** Takes the positions each fresh quote has crossed out of the index and queues their close. */
  private checkQuotes(quotes: readonly TQuote[]): void {
    for (const quote of quotes) {
      // Nothing settles on a stale price.
      if (quote.stale) continue;
      const ids = this.index.takeCrossed(quote.pair, quote.mid);
      if (ids.length === 0) continue;
      const exit = { price: quote.mid, time: Date.parse(quote.time) };
      for (const id of ids) this.journal?.push({ remove: id });
      let queue = this.queues.get(quote.pair);
      if (!queue) {
        queue = [];
        this.queues.set(quote.pair, queue);
      }
      for (const id of ids) queue.push({ id, exit });
      this.drain(quote.pair);
    }
  }

  /** Closes the pair's queue batch after batch, unless that is already under way. */
  private drain(pair: TPair): void {
    if (this.draining.has(pair) || this.stopped) return;
    const queue = this.queues.get(pair);
    if (!queue || queue.length === 0) return;
    const run = (async () => {
      while (queue.length > 0 && !this.stopped) await this.closeBatch(queue.splice(0, this.batchSize));
    })().finally(() => {
      this.draining.delete(pair);
      // Crossings queued between the loop's last check and here.
      this.drain(pair);
    });
    this.draining.set(pair, run);
  }

  private async closeBatch(batch: TQueued[]): Promise<void> {
    const exits = new Map(batch.map((queued) => [queued.id, queued.exit]));
    for (const id of exits.keys()) this.inFlight.add(id);
    try {
      const { closed } = await withDeadlockRetry(() =>
        this.db.transaction((tx) =>
          closePositions(tx, {
            claim: { ids: [...exits.keys()] },
            reason: 'stop_out',
            exitOf: (position) => exits.get(position.id) ?? null,
            actorId: null,
            mail: this.mail,
          }),
        ),
      );
      const done = Date.now();
      this.counters.closed += closed.length;
      for (const position of closed) {
        const lag = done - (exits.get(position.id)?.time ?? done);
        this.counters.lastLagMs = lag;
        if (lag > this.counters.maxLagMs) this.counters.maxLagMs = lag;
      }
    } catch (err) {
      // The positions stay open in the database: the next sync reads them all back into the index.
      this.fullSyncDue = true;
      this.counters.failedBatches += 1;
      this.log.error({ err, positions: batch.length }, 'stop-out close failed');
    } finally {
      for (const id of exits.keys()) this.inFlight.delete(id);
    }
  }
}
