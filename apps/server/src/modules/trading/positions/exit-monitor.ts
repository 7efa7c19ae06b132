import { performance } from 'node:perf_hooks';
import type { TPair, TQuote } from '@meridian/contracts/market';
import { exitLevels, exitReached, type TExitReason, type TPositionType } from '@meridian/contracts/position-terms';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { LevelIndex, type TLevelEntry } from '../../../lib/level-index.ts';
import type { MarketData } from '../../../providers/market/market-data.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { closePositions, type TExitPrice, withDeadlockRetry } from './closing.ts';
import { openExitLevels, type TPositionRow } from './positions.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Closes open positions when a price reaches their stop-out, stop-loss or take-profit, on the
     * tick that reaches it (modules/trading/positions).
     */
    exits: ExitMonitor;
  }
}

/** Positions closed per DB transaction. */
export const EXIT_BATCH_SIZE = 250;
/** One sync in this many re-reads every open position; the others read only those opened or changed since. */
export const FULL_SYNC_EVERY = 30;
/**
 * How far back an incremental sync reads before the last one's start: a position's levels are dated
 * by the start of the DB transaction that set them, so levels still committing when the last sync
 * read are picked up by the next.
 */
const SYNC_OVERLAP_MS = 60_000;

/** What the monitor has done, for health checks and benchmarks. */
export interface TExitStats {
  /** Open positions in the index (those with an exit level). */
  indexed: number;
  /** Positions whose level was reached, waiting for their close. */
  queued: number;
  /** Market events handled, and the time their handling took on the event loop (ms). */
  ticks: number;
  lastTickMs: number;
  maxTickMs: number;
  totalTickMs: number;
  /** Positions this server closed at a level, and failed close batches (their positions return with the next sync). */
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

type TJournalEntry = { add: TLevelEntry } | { remove: string };

/** What the index needs of a position: its pair, side and levels. */
export interface TExitLevelsOf {
  id: string;
  pair: string;
  type: TPositionType;
  stopOutPrice: number | null;
  takeProfit: number | null;
  stopLoss: number | null;
}

const entryOf = (position: TExitLevelsOf): TLevelEntry => ({
  id: position.id,
  pair: position.pair as TPair,
  ...exitLevels(position),
});

/**
 * Watches every fresh quote for open positions that reach an exit level: their stop-out, stop-loss
 * or take-profit. The index (lib/level-index.ts) is built from the database at start, follows the
 * positions this server opens, changes and closes, and is synced with the database by the positions
 * job (every JOBS_INTERVAL_MS), so positions another server opened or changed are covered too. A
 * position whose level a price reaches leaves the index at once and is queued with the price of
 * that tick (its exit price); each pair's queue is closed in batches one after the other, so ticks
 * arriving during a close wait for it rather than piling up transactions. Closing claims rows with
 * SKIP LOCKED and only while open (closing.ts), and checks the level against the row as it is then:
 * several servers receiving the same tick close each position once, and a server whose index still
 * holds a level the client has since changed closes nothing on it.
 */
export class ExitMonitor {
  private index = new LevelIndex();
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
  private readonly counters: Omit<TExitStats, 'indexed' | 'queued'> = {
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
    /** Where the clients' emails of these closes go. */
    private readonly mail: Mailer,
    private readonly batchSize = EXIT_BATCH_SIZE,
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

  /** Resolves when no position whose level was reached is waiting for its close. */
  async settled(): Promise<void> {
    while (this.draining.size > 0) await Promise.all(this.draining.values());
  }

  /** A position this server has just opened, or whose take-profit or stop-loss it has just changed. */
  track(position: TExitLevelsOf): void {
    const entry = entryOf(position);
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
   * Brings the index up to date with the database (one sync at a time): adds the positions opened,
   * and takes the levels of those changed, since the last sync (on any server), and every
   * `FULL_SYNC_EVERY` syncs (or after a failed close) rebuilds it whole, which also drops positions
   * another server has closed (until then such a position only costs a claim that finds it closed
   * when a price reaches it). Then closes any whose level the current prices have already reached
   * (opened or changed on another server, or while this one was down).
   */
  resync(): Promise<void> {
    this.syncing ??= this.sync().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  stats(): TExitStats {
    let queued = 0;
    for (const queue of this.queues.values()) queued += queue.length;
    return { indexed: this.index.size, queued: queued + this.inFlight.size, ...this.counters };
  }

  private async sync(): Promise<void> {
    const full = this.fullSyncDue || this.syncedFrom === null || this.syncs % FULL_SYNC_EVERY === 0;
    this.fullSyncDue = false;
    this.journal = [];
    try {
      const { at, rows } = await openExitLevels(this.db, full ? null : this.syncedFrom);
      const index = full ? new LevelIndex() : this.index;
      for (const row of rows) index.add(entryOf(row));
      // What this server did while the rows were read: they may predate it.
      for (const change of this.journal) {
        if ('add' in change) index.add(change.add);
        else index.remove(change.remove);
      }
      // Already reached and on their way to being closed.
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

  /** Takes the positions whose level each fresh quote has reached out of the index and queues their close. */
  private checkQuotes(quotes: readonly TQuote[]): void {
    for (const quote of quotes) {
      // Nothing settles on a stale price.
      if (quote.stale) continue;
      const ids = this.index.takeReached(quote.pair, quote.mid);
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
    /** Claimed rows whose levels the exit price has not reached (changed since the index read them). */
    let unreached: TPositionRow[] = [];
    try {
      const { closed } = await withDeadlockRetry(() => {
        unreached = [];
        const reasons = new Map<string, TExitReason>();
        return this.db.transaction((tx) =>
          closePositions(tx, {
            claim: { ids: [...exits.keys()] },
            reason: (position) => reasons.get(position.id) ?? 'stop_out',
            exitOf: (position) => {
              const exit = exits.get(position.id);
              const reason = exit ? exitReached(position, exit.price) : null;
              if (!exit || !reason) {
                unreached.push(position);
                return null;
              }
              reasons.set(position.id, reason);
              return exit;
            },
            actorId: null,
            mail: this.mail,
          }),
        );
      });
      // Back into the index with the levels they now have.
      for (const position of unreached) this.track(position);
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
      this.log.error({ err, positions: batch.length }, 'close at a level failed');
    } finally {
      for (const id of exits.keys()) this.inFlight.delete(id);
    }
  }
}
