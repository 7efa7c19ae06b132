import type { TPair } from '@meridian/contracts/market';
import type pg from 'pg';
import { within } from '../../lib/within.ts';
import { decodeMessage, encodeMessages, type TFeedMessage } from './feed-messages.ts';
import {
  type MarketFeed,
  silentLog,
  type TCandleHistory,
  type TFeedRole,
  type TMarketLog,
  type TMarketSink,
  type TResumePoint,
} from './interface.ts';

/** First key of the session advisory lock of every Meridian feed ('MRDN'); the second names the feed's settings. */
const LOCK_CLASS = 0x4d52444e;
/** How the feed's connection shows in pg_stat_activity. */
export const APPLICATION_NAME = 'meridian market feed';
/** A message that cannot be read is logged at most this often. */
const UNREADABLE_LOG_EVERY_MS = 60_000;

export interface TSharedFeedOptions {
  /** A new, unconnected client of its own to the database (not one of the pool's): it holds the lock and listens. */
  connect: () => pg.Client;
  /** The upstream this server runs while it leads; a new one each time it takes the lead. */
  createFeed: () => MarketFeed;
  /** The feed's settings: servers whose settings agree share one feed (one lock, one channel). */
  group: string;
  /** Where a new leader resumes from, and what a leader writes before it gives the lead up. */
  history?: TCandleHistory;
  log?: TMarketLog;
  /** How often a follower tries for the lead, a leader checks its connection, and a lost connection is reopened. */
  retryMs?: number;
  /** A statement on the feed's connection unanswered for this long means the connection is lost. */
  queryTimeoutMs?: number;
  /** How long a follower waits at start for the leader's latest prices. */
  snapshotWaitMs?: number;
}

/**
 * One upstream feed for every server on one PostgreSQL database (docs/architecture.md, "One feed
 * for every server"). Each server holds a connection of its own to the database; the one holding a
 * session advisory lock leads: it runs the upstream feed, records its candles, and sends every batch
 * of prices and every status change with NOTIFY. The others (followers) LISTEN and apply the same
 * ticks, with the leader's timestamps, so every server serves and decides on the same prices. A
 * follower tries for the lock every `retryMs`: when the leader's connection ends (it stopped, it
 * crashed, its database connection broke) the lock frees and a follower takes the lead, resuming
 * from the stored candles. A server that joins asks the leader for its latest prices (`hello`).
 *
 * A server that loses its connection stops leading at once (its lock went with the connection) and
 * opens a new one; its prices turn stale if none arrive meanwhile. A statement unanswered for
 * `queryTimeoutMs` counts as a lost connection, and the database is asked to notice a dead client
 * within seconds (TCP keepalives), so a server cut off stops its feed before another can start one.
 */
export class SharedFeed implements MarketFeed {
  readonly pairs: readonly TPair[];
  /** The NOTIFY channel of this feed's servers. */
  readonly channel: string;
  private readonly groupKey: number;
  private readonly connect: () => pg.Client;
  private readonly createFeed: () => MarketFeed;
  private readonly history: TCandleHistory | undefined;
  private readonly log: TMarketLog;
  private readonly retryMs: number;
  private readonly queryTimeoutMs: number;
  private readonly snapshotWaitMs: number;
  /** The feed made to learn the pairs, run at the first lead. */
  private unused: MarketFeed | undefined;
  private sink: TMarketSink | undefined;
  private client: pg.Client | undefined;
  /** The backend process id of `client`: notifications from it are this server's own. */
  private pid = 0;
  private listening = false;
  private role: 'leader' | 'follower' = 'follower';
  /** The upstream feed this server runs while it leads. */
  private upstream: MarketFeed | undefined;
  /** Counts leads and their ends: a publisher of an earlier lead sends nothing. */
  private term = 0;
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;
  private stopped = false;
  private outbox: TFeedMessage[] = [];
  /** The last statement asked for on `client`: each waits for the one before (pg runs one at a time). */
  private sending: Promise<unknown> = Promise.resolve();
  private snapshotArrived: (() => void) | undefined;
  /** Connecting has failed since the last connection: said once, and again when connected. */
  private reconnecting = false;
  private unreadableLoggedAt = Number.NEGATIVE_INFINITY;

  constructor(options: TSharedFeedOptions) {
    this.connect = options.connect;
    this.createFeed = options.createFeed;
    this.history = options.history;
    this.log = options.log ?? silentLog;
    this.retryMs = options.retryMs ?? 1000;
    this.queryTimeoutMs = options.queryTimeoutMs ?? 5000;
    this.snapshotWaitMs = options.snapshotWaitMs ?? 2000;
    this.unused = this.createFeed();
    this.pairs = this.unused.pairs;
    this.groupKey = groupKeyOf(options.group);
    this.channel = `meridian_market_${this.groupKey.toString(16)}`;
  }

  /**
   * Connects, takes the lead if nobody holds it, and otherwise (a follower) waits up to
   * `snapshotWaitMs` for the leader's latest prices. Never rejects: without a connection it keeps
   * trying in the background, its prices absent or stale meanwhile.
   */
  async start(sink: TMarketSink, resume?: ReadonlyMap<TPair, TResumePoint>) {
    this.sink = sink;
    this.stopped = false;
    const snapshot = this.snapshotOrTimeout();
    await this.check(resume);
    if (this.role === 'follower' && this.listening) await snapshot;
    else this.snapshotArrived?.();
    if (this.stopped) return;
    this.timer = setInterval(() => void this.check(), this.retryMs);
    this.timer.unref();
  }

  /**
   * Stops the upstream (when leading), writes its candles, then closes the connection, which
   * releases the lead: the next leader resumes from everything this one recorded.
   */
  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    this.snapshotArrived?.();
    await this.checking;
    const upstream = this.upstream;
    this.upstream = undefined;
    this.term += 1;
    if (upstream) {
      await upstream.stop();
      await this.history?.flush();
    }
    this.flushOutbox();
    const client = this.client;
    this.client = undefined;
    this.listening = false;
    if (client) {
      // The last prices go out before the connection (and with it the lead) does; a dead one is not waited for.
      await within(this.sending, this.queryTimeoutMs, `market feed: timed out within ${this.queryTimeoutMs} ms`).catch(
        () => undefined,
      );
      await within(client.end(), this.queryTimeoutMs, `market feed: timed out within ${this.queryTimeoutMs} ms`).catch(
        () => undefined,
      );
    }
  }

  state(): { role: TFeedRole; connected: boolean } {
    return { role: this.role, connected: this.listening };
  }

  /** One round: connect if needed, then lead (checking the connection) or try for the lead. One at a time. */
  private check(resume?: ReadonlyMap<TPair, TResumePoint>): Promise<void> {
    this.checking ??= this.runCheck(resume).finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  private async runCheck(resume?: ReadonlyMap<TPair, TResumePoint>) {
    if (this.stopped) return;
    const joining = !this.client;
    if (joining && !(await this.open())) return;
    const client = this.client;
    try {
      if (this.role === 'leader') {
        await this.query('select 1');
        return;
      }
      const { rows } = await this.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1::int, $2::int) as locked',
        [LOCK_CLASS, this.groupKey],
      );
      if (rows[0]?.locked) await this.lead(resume);
      else if (joining) this.send({ type: 'hello' });
    } catch (err) {
      this.drop(client, err);
    }
  }

  /** Opens the connection and listens; false (logged) when that failed. */
  private async open(): Promise<boolean> {
    const client = this.connect();
    client.on('error', (err) => this.drop(client, err));
    client.on('end', () => this.drop(client, new Error('the connection ended')));
    client.on('notification', (notification) => this.receive(client, notification));
    this.client = client;
    this.sending = Promise.resolve();
    try {
      await within(
        client.connect(),
        this.queryTimeoutMs,
        `market feed: no connection within ${this.queryTimeoutMs} ms`,
      );
      const { rows } = await this.query<{ pid: number }>('select pg_backend_pid() as pid');
      this.pid = rows[0]?.pid ?? 0;
      // The database notices a vanished server within about 20 s (not the system's 2 hours) and frees
      // its lead; by then that server has stopped its feed (its statements time out first).
      await this.query(
        'set tcp_keepalives_idle = 10; set tcp_keepalives_interval = 5; set tcp_keepalives_count = 2; set tcp_user_timeout = 20000',
      );
      await this.query(`set application_name = '${APPLICATION_NAME}'; listen ${this.channel}`);
      this.listening = true;
      if (this.reconnecting) this.log.info({ channel: this.channel }, 'market feed: connected again');
      this.reconnecting = false;
      return true;
    } catch (err) {
      this.drop(client, err);
      return false;
    }
  }

  /** Takes the lead (the lock is held): starts the upstream feed where the stored candles end. */
  private async lead(resume?: ReadonlyMap<TPair, TResumePoint>) {
    // From now on other servers' prices are not taken (a former leader's last messages may still come).
    this.role = 'leader';
    this.term += 1;
    const term = this.term;
    let points = resume;
    if (!points && this.history) {
      try {
        points = await this.history.resumePoints(this.pairs);
      } catch (err) {
        this.log.warn({ err }, 'market feed: could not read where the stored candles end; leaving the lead');
        this.role = 'follower';
        this.term += 1;
        await this.query('select pg_advisory_unlock($1::int, $2::int)', [LOCK_CLASS, this.groupKey]);
        return;
      }
    }
    if (term !== this.term || this.stopped) return; // the connection went meanwhile
    const upstream = this.unused ?? this.createFeed();
    this.unused = undefined;
    this.upstream = upstream;
    this.log.info({ channel: this.channel }, 'market feed: leading (this server runs the feed for every server)');
    await upstream.start(this.publisher(term), points);
    await this.warnOfOtherFeeds();
  }

  /** The connection went while leading: the lock went with it, so the upstream stops at once. */
  private stepDown() {
    this.role = 'follower';
    this.term += 1;
    const upstream = this.upstream;
    this.upstream = undefined;
    this.outbox = [];
    void upstream?.stop();
  }

  /** Where the upstream of lead `term` delivers: this server's market, and every other server. */
  private publisher(term: number): TMarketSink {
    const sink = this.sink as TMarketSink;
    return {
      ticks: (batch, kind) => {
        if (term !== this.term) return;
        sink.ticks(batch, kind);
        // Live prices with this server's 24-hour reference, so the others show the same change (made-up
        // history is followed by a live price at once).
        const ticks =
          kind === 'history'
            ? batch
            : batch.map((tick) => ({ ...tick, open24h: sink.changeReference(tick.pair) ?? tick.open24h }));
        this.send({ type: 'ticks', ticks: [...ticks] });
      },
      status: (pairs, connected) => {
        if (term !== this.term) return;
        sink.status(pairs, connected);
        this.send({ type: 'status', pairs: [...pairs], connected });
      },
      relayed: (batch) => sink.relayed(batch),
      changeReference: (pair) => sink.changeReference(pair),
      snapshot: () => sink.snapshot(),
    };
  }

  private receive(client: pg.Client, { channel, payload, processId }: pg.Notification) {
    const sink = this.sink;
    if (client !== this.client || channel !== this.channel || processId === this.pid || !sink) return;
    const message = payload === undefined ? undefined : decodeMessage(payload);
    if (!message) {
      const now = Date.now();
      if (now - this.unreadableLoggedAt >= UNREADABLE_LOG_EVERY_MS) {
        this.unreadableLoggedAt = now;
        this.log.warn({ from: processId }, 'market feed: ignored a message it cannot read (another version?)');
      }
      return;
    }
    const following = this.role === 'follower';
    switch (message.type) {
      case 'ticks':
        if (following) sink.relayed(message.ticks);
        return;
      case 'status':
        if (following) sink.status(message.pairs, message.connected);
        return;
      case 'hello':
        if (!following) this.send({ type: 'snapshot', to: processId, ...sink.snapshot() });
        return;
      case 'snapshot':
        if (!following || message.to !== this.pid) return;
        sink.relayed(message.ticks);
        if (message.disconnected.length > 0) sink.status(message.disconnected, false);
        this.snapshotArrived?.();
    }
  }

  /** Sends `message` soon: what a feed sends in one go (start-up history) travels in few NOTIFYs. */
  private send(message: TFeedMessage) {
    this.outbox.push(message);
    if (this.outbox.length === 1) setImmediate(() => this.flushOutbox());
  }

  private flushOutbox() {
    const messages = this.outbox;
    this.outbox = [];
    const client = this.client;
    if (!client || !this.listening || messages.length === 0) return;
    for (const payload of encodeMessages(messages)) {
      this.run(client, 'select pg_notify($1, $2)', [this.channel, payload]).catch((err: unknown) => {
        // A broken connection is handled by its 'error'; this is the statement's own failure.
        if (client === this.client) this.log.warn({ err }, 'market feed: could not send prices to the other servers');
      });
    }
  }

  /** The connection is lost (or could not be opened): forget it, stop leading; the next check opens another. */
  private drop(client: pg.Client | undefined, err: unknown) {
    if (!client || client !== this.client) return;
    const wasListening = this.listening;
    this.client = undefined;
    this.listening = false;
    this.pid = 0;
    // Not awaited: a dead connection may never answer (with a statement pending, pg destroys the socket).
    client.end().catch(() => undefined);
    if (this.stopped) return;
    if (wasListening || !this.reconnecting) {
      this.log.warn(
        { err, role: this.role },
        this.role === 'leader'
          ? 'market feed: lost its database connection and with it the lead; reconnecting'
          : 'market feed: no connection to the database; retrying',
      );
    }
    this.reconnecting = true;
    if (this.role === 'leader') this.stepDown();
  }

  /** A statement on the connection, failing when it is not answered within `queryTimeoutMs`. */
  private async query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>> {
    const client = this.client;
    if (!client) throw new Error('market feed: not connected');
    return within(
      this.run<R>(client, text, values),
      this.queryTimeoutMs,
      `market feed: no answer from the database within ${this.queryTimeoutMs} ms`,
    );
  }

  /** Runs a statement on `client` after those asked for before it. */
  private run<R extends pg.QueryResultRow>(client: pg.Client, text: string, values?: unknown[]) {
    const result = this.sending.then(() => client.query<R>(text, values));
    this.sending = result.catch(() => undefined);
    return result;
  }

  /** Resolves when the leader's snapshot arrives, or after `snapshotWaitMs`. */
  private snapshotOrTimeout(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.snapshotArrived = undefined;
        resolve();
      };
      const timer = setTimeout(done, this.snapshotWaitMs);
      this.snapshotArrived = done;
    });
  }

  /** Servers set with other market settings run a feed of their own, and write candles too: said once per lead. */
  private async warnOfOtherFeeds() {
    try {
      const { rows } = await this.query<{ n: number }>(
        `select count(*)::int as n from pg_locks
         where locktype = 'advisory' and granted and classid = $1::int::oid and objsubid = 2 and objid <> $2::int::oid
           and database = (select oid from pg_database where datname = current_database())`,
        [LOCK_CLASS, this.groupKey],
      );
      if ((rows[0]?.n ?? 0) > 0) {
        this.log.warn(
          { feeds: (rows[0]?.n ?? 0) + 1 },
          'market feed: another server on this database runs a feed of other settings (MARKET_PROVIDER, MARKET_WS_URL, MARKET_SEED): prices differ between them and both write candles',
        );
      }
    } catch {
      // Only a warning: a failure here is no reason to give the lead up.
    }
  }
}

/** A positive 31-bit key for `group` (FNV-1a), the same on every server. */
function groupKeyOf(group: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(group)) hash = Math.imul(hash ^ byte, 0x01000193);
  return hash & 0x7fffffff;
}
