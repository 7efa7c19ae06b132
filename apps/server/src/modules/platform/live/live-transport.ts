import { randomUUID } from 'node:crypto';
import { LIVE_TOPICS, type TLiveTopic } from '@meridian/contracts/live-terms';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { askRedis, outageWarning } from '../../../lib/redis-fallback.ts';

/** User id → the topics that changed for them. */
export type TLiveBatch = Map<string, Set<TLiveTopic>>;

/**
 * How one server tells the others what changed for whom (docs/architecture.md, "Live account
 * updates"). A server delivers its own changes to its own streams itself; the transport carries them
 * to the other servers, and hands it theirs. Pub/sub keeps nothing for a listener that is away, so a
 * transport that may have lost messages says so with `resync`: when it listens again after losing its
 * connection (it missed what others sent meanwhile), and, through every other server's `resync`, once
 * it can send again after failing to (they missed what it sent). Every stream is then told that all
 * its topics changed.
 */
export interface LiveTransport {
  readonly kind: 'redis' | 'postgres' | 'local';
  start(receive: (batch: TLiveBatch) => void, resync: () => void): Promise<void>;
  send(batch: TLiveBatch): void;
  stop(): Promise<void>;
}

/** One process (the embedded database): there is nobody else to tell. */
export class LocalTransport implements LiveTransport {
  readonly kind = 'local';
  async start() {}
  send() {}
  async stop() {}
}

/** Entries per message: keeps a NOTIFY payload well under PostgreSQL's 8000 bytes. */
const USERS_PER_MESSAGE = 60;
const TOPIC_SET = new Set<string>(LIVE_TOPICS);

/** A batch as messages: JSON `{ s: sender, c: [[userId, [topic, …]], …] }`, split into small ones. */
export function encodeBatch(sender: string, batch: TLiveBatch): string[] {
  const entries = [...batch].map(([userId, topics]) => [userId, [...topics]] as const);
  const messages: string[] = [];
  for (let i = 0; i < entries.length; i += USERS_PER_MESSAGE) {
    messages.push(JSON.stringify({ s: sender, c: entries.slice(i, i + USERS_PER_MESSAGE) }));
  }
  return messages;
}

/**
 * The message that tells every other server to resync all its streams: `{ s: sender, r: 1, c: [] }`
 * (a server that does not know `r` reads an empty batch and does nothing).
 */
export function encodeResync(sender: string): string {
  return JSON.stringify({ s: sender, r: 1, c: [] });
}

/** A message's batch and sender (and whether it asks for a resync), or undefined for anything that is not one (ignored). */
export function decodeBatch(text: string): { sender: string; batch: TLiveBatch; resync: boolean } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const { s, c, r } = (value ?? {}) as { s?: unknown; c?: unknown; r?: unknown };
  if (typeof s !== 'string' || !Array.isArray(c)) return undefined;
  const batch: TLiveBatch = new Map();
  for (const entry of c) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !Array.isArray(entry[1])) continue;
    const topics = new Set<TLiveTopic>();
    for (const topic of entry[1])
      if (typeof topic === 'string' && TOPIC_SET.has(topic)) topics.add(topic as TLiveTopic);
    if (topics.size > 0) batch.set(entry[0], topics);
  }
  return { sender: s, batch, resync: r === 1 };
}

/** How often a server that failed to send tries to tell the others to resync. */
const RESYNC_RETRY_MS = 1000;

/**
 * Redis pub/sub (REDIS_URL): messages go out on the shared connection and come in on a subscriber
 * connection of their own (a subscribed connection can send nothing else). A message lost while
 * Redis is away is not sent again; instead every stream that may have missed one is resynced: this
 * server's own once its subscriber is subscribed again after losing its connection, and every other
 * server's (a resync message) once this server can publish again after a publish failed.
 */
export class RedisTransport implements LiveTransport {
  readonly kind = 'redis';
  private readonly server = randomUUID();
  private subscriber: Redis | undefined;
  private readonly warn: (err: unknown) => void;
  /** Set while a resync message is owed to the other servers (a publish failed), retried until sent. */
  private resyncTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly redis: Redis,
    private readonly channel: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.warn = outageWarning(log, 'Redis failed: live account updates reach this server’s streams only');
  }

  async start(receive: (batch: TLiveBatch) => void, resync: () => void) {
    this.stopped = false;
    const subscriber = this.redis.duplicate();
    subscriber.on('error', outageWarning(this.log, 'Redis connection (live updates) failed'));
    subscriber.on('message', (channel: string, text: string) => {
      if (channel !== this.channel) return;
      const message = decodeBatch(text);
      if (!message || message.sender === this.server) return;
      if (message.resync) resync();
      else receive(message.batch);
    });
    // Whatever was published while the subscriber was away is lost to it.
    let lost = false;
    subscriber.on('close', () => {
      lost = true;
    });
    subscriber.on('ready', () => {
      if (!lost) return;
      // ioredis subscribes again by itself on reconnecting; asking once more answers only after that
      // subscription holds, so nothing published after the resync can be missed.
      subscriber
        .subscribe(this.channel)
        .then(() => {
          if (!lost || this.subscriber !== subscriber) return;
          lost = false;
          this.log.info('live updates: listening again after a Redis outage; streams told to refetch');
          resync();
        })
        .catch((err: unknown) => this.warn(err));
    });
    this.subscriber = subscriber;
    // Subscribed once connected. Not awaited: a Redis that never answers must not hold the server's
    // start (docs/operations.md).
    subscriber.subscribe(this.channel).catch((err: unknown) => this.warn(err));
  }

  send(batch: TLiveBatch) {
    for (const message of encodeBatch(this.server, batch)) {
      askRedis(this.redis, (r) => r.publish(this.channel, message)).catch((err: unknown) => {
        this.warn(err);
        this.oweResync();
      });
    }
  }

  async stop() {
    this.stopped = true;
    clearInterval(this.resyncTimer);
    this.resyncTimer = undefined;
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    subscriber?.disconnect();
  }

  /** The other servers missed a message of ours: tell them to resync, as soon as Redis takes it. */
  private oweResync() {
    if (this.resyncTimer || this.stopped) return;
    this.resyncTimer = setInterval(() => {
      askRedis(this.redis, (r) => r.publish(this.channel, encodeResync(this.server))).then(
        () => {
          clearInterval(this.resyncTimer);
          this.resyncTimer = undefined;
          this.log.info('live updates: Redis takes messages again; other servers told to refetch');
        },
        () => undefined,
      );
    }, RESYNC_RETRY_MS);
    this.resyncTimer.unref();
  }
}

/** How the connection shows in pg_stat_activity. */
const APPLICATION_NAME = 'meridian live updates';
/** The NOTIFY channel of every server on the database. */
export const LIVE_CHANNEL = 'meridian_live';

/**
 * PostgreSQL LISTEN/NOTIFY on a connection of its own (outside the pool: a pooled connection cannot
 * keep listening), as the shared market feed does: every server on the database listens on one
 * channel and sends with NOTIFY; a notification from its own connection is skipped (it delivered
 * those itself). A lost connection is reopened every `retryMs`; what is sent meanwhile reaches this
 * server's streams only.
 */
export class PostgresTransport implements LiveTransport {
  readonly kind = 'postgres';
  private client: pg.Client | undefined;
  private pid = 0;
  private receive: ((batch: TLiveBatch) => void) | undefined;
  private resync: (() => void) | undefined;
  /** A connection was open before: the next one may have missed notifications meanwhile. */
  private listenedBefore = false;
  /** Something was sent while no connection was open: the others are owed a resync. */
  private unsent = false;
  private timer: NodeJS.Timeout | undefined;
  private opening: Promise<void> | undefined;
  private stopped = false;
  private readonly dropped = new WeakSet<pg.Client>();
  private readonly warn: (err: unknown) => void;

  constructor(
    private readonly connect: () => pg.Client,
    log: FastifyBaseLogger,
    private readonly retryMs = 1000,
  ) {
    this.warn = outageWarning(log, 'PostgreSQL LISTEN failed: live account updates reach this server’s streams only');
  }

  async start(receive: (batch: TLiveBatch) => void, resync: () => void) {
    this.receive = receive;
    this.resync = resync;
    this.stopped = false;
    await this.open();
    this.timer = setInterval(() => {
      if (!this.client) void this.open();
    }, this.retryMs);
    this.timer.unref();
  }

  send(batch: TLiveBatch) {
    const client = this.client;
    if (!client) {
      this.unsent = true;
      return;
    }
    for (const message of encodeBatch('', batch)) {
      client.query('select pg_notify($1, $2)', [LIVE_CHANNEL, message]).catch((err: unknown) => {
        this.unsent = true;
        this.drop(client, err);
      });
    }
  }

  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.opening;
    const client = this.client;
    this.client = undefined;
    if (client) this.dropped.add(client);
    await client?.end().catch(() => undefined);
  }

  private open(): Promise<void> {
    this.opening ??= this.runOpen().finally(() => {
      this.opening = undefined;
    });
    return this.opening;
  }

  private async runOpen() {
    if (this.stopped || this.client) return;
    const client = this.connect();
    client.on('error', (err) => this.drop(client, err));
    client.on('end', () => this.drop(client, new Error('the connection ended')));
    client.on('notification', (notification) => {
      if (client !== this.client || notification.processId === this.pid || !notification.payload) return;
      const message = decodeBatch(notification.payload);
      if (message?.resync) this.resync?.();
      else if (message) this.receive?.(message.batch);
    });
    try {
      await client.connect();
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      await client.query(
        `set application_name = '${APPLICATION_NAME}'; set tcp_keepalives_idle = 10; listen ${LIVE_CHANNEL}`,
      );
      if (this.stopped) {
        await client.end().catch(() => undefined);
        return;
      }
      this.pid = rows[0]?.pid ?? 0;
      this.client = client;
      // Listening again after a lost connection: what the others sent meanwhile did not arrive.
      if (this.listenedBefore) this.resync?.();
      this.listenedBefore = true;
      if (this.unsent) {
        this.unsent = false;
        client.query('select pg_notify($1, $2)', [LIVE_CHANNEL, encodeResync('')]).catch((err: unknown) => {
          this.unsent = true;
          this.drop(client, err);
        });
      }
    } catch (err) {
      this.drop(client, err);
    }
  }

  private drop(client: pg.Client, err: unknown) {
    if (this.dropped.has(client)) return;
    this.dropped.add(client);
    if (this.client === client) this.client = undefined;
    if (!this.stopped) this.warn(err);
    client.end().catch(() => undefined);
  }
}
