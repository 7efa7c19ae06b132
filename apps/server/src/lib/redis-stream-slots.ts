import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { askRedis, outageWarning } from './redis-fallback.ts';
import { LocalStreamSlots, type StreamSlots } from './stream-slots.ts';

/** Redis's own clock in ms (one clock for every server, whatever theirs say). */
const NOW = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
`;

/**
 * KEYS[1]: an IP's streams, each member scored by when it stops counting. Drops the expired ones,
 * then adds ARGV[1] to live ARGV[3] ms unless ARGV[2] are left: 1 when added, 0 when full.
 */
const TAKE = `${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`;

/**
 * Keeps streams counting for ARGV[1] ms more (adding any that expired meanwhile): for each IP's set
 * in KEYS, ARGV holds how many of its members follow, then those members.
 */
const REFRESH = `${NOW}
local expiry = now + tonumber(ARGV[1])
local at = 2
for k = 1, #KEYS do
  local last = at + tonumber(ARGV[at])
  for i = at + 1, last do redis.call('ZADD', KEYS[k], expiry, ARGV[i]) end
  redis.call('PEXPIRE', KEYS[k], ARGV[1])
  at = last + 1
end
return 0
`;

export interface TRedisStreamSlotsOptions {
  maxPerIp: number;
  /** Starts the key of each IP's set. */
  prefix: string;
  log: FastifyBaseLogger;
  /** How long a stream counts after its server last said it is open: a killed server's stop counting then. */
  ttlMs?: number;
  /** How often the server says so for each stream it holds open. */
  refreshMs?: number;
}

/**
 * Stream slots counted by every server sharing a Redis (docs/security.md, "Rate and size limits"):
 * per IP a sorted set of `<server>:<stream>` members, each scored by the moment it stops counting.
 * Redis is asked when a stream opens or closes, and every `refreshMs` to push the expiry of the
 * streams this server holds, so those of a server that died without closing them (SIGKILL, a lost
 * machine) drop out within `ttlMs`. While Redis fails or does not answer, the server admits by its
 * own count and logs a warning: live prices stay up, each server capping an IP alone.
 */
export class RedisStreamSlots implements StreamSlots {
  /** The streams this server holds, whatever admitted them: what each refresh re-announces. */
  private readonly own: LocalStreamSlots;
  private readonly server = randomUUID();
  private readonly ttlMs: number;
  private readonly refreshMs: number;
  private readonly warn: (err: unknown) => void;
  private timer: NodeJS.Timeout | undefined;
  private refreshing = false;
  private closed = false;

  constructor(
    private readonly redis: Redis,
    private readonly options: TRedisStreamSlotsOptions,
  ) {
    this.own = new LocalStreamSlots(options.maxPerIp);
    this.ttlMs = options.ttlMs ?? 15_000;
    this.refreshMs = options.refreshMs ?? 5000;
    this.warn = outageWarning(options.log, 'Redis failed: the per-IP stream cap counts on this server alone');
  }

  async take(ip: string, id: string): Promise<boolean> {
    if (this.closed) return false;
    let taken: boolean;
    try {
      const reply = await askRedis(this.redis, (r) =>
        r.eval(TAKE, 1, this.key(ip), this.member(id), this.options.maxPerIp, this.ttlMs),
      );
      taken = reply === 1;
    } catch (err) {
      this.warn(err);
      taken = this.own.held(ip) < this.options.maxPerIp;
    }
    if (taken && this.closed) void this.forget(ip, [id]);
    if (!taken || this.closed) return false;
    this.own.add(ip, id);
    this.timer ??= setInterval(() => void this.refresh(), this.refreshMs).unref();
    return true;
  }

  give(ip: string, id: string) {
    if (!this.own.give(ip, id)) return;
    if (this.own.size === 0) this.stopRefreshing();
    void this.forget(ip, [id]);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopRefreshing();
    await Promise.all([...this.own.entries()].map(([ip, ids]) => this.forget(ip, [...ids])));
    await this.own.close();
  }

  /** Pushes the expiry of every stream this server holds, in one script. */
  private async refresh() {
    if (this.refreshing) return;
    this.refreshing = true;
    try {
      const keys: string[] = [];
      const args: (string | number)[] = [this.ttlMs];
      for (const [ip, ids] of this.own.entries()) {
        keys.push(this.key(ip));
        args.push(ids.size, ...[...ids].map((id) => this.member(id)));
      }
      await askRedis(this.redis, (r) => r.eval(REFRESH, keys.length, ...keys, ...args));
    } catch (err) {
      this.warn(err);
    } finally {
      this.refreshing = false;
    }
  }

  /** Removes streams from the shared count; on failure they drop out within `ttlMs` anyway. */
  private async forget(ip: string, ids: string[]) {
    try {
      await askRedis(this.redis, (r) => r.zrem(this.key(ip), ...ids.map((id) => this.member(id))));
    } catch (err) {
      this.warn(err);
    }
  }

  private stopRefreshing() {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private key(ip: string) {
    return `${this.options.prefix}${ip}`;
  }

  private member(id: string) {
    return `${this.server}:${id}`;
  }
}
