import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { askRedis, outageWarning } from './redis-fallback.ts';

/** One request more in `KEYS[1]`'s window of `ARGV[1]` ms, which the first request opens: the count and the ms left. */
const COUNT_REQUEST = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {current, redis.call('PTTL', KEYS[1])}
`;

/** The most windows the fallback keeps in memory (as many IPs per limited route). */
const MAX_LOCAL_WINDOWS = 10_000;

/** The count and the ms left of `KEYS[1]`'s window, counting nothing (0 and -2 with no window open). */
const READ_COUNT = `
return {tonumber(redis.call('GET', KEYS[1]) or '0'), redis.call('PTTL', KEYS[1])}
`;

type TCount = { current: number; ttl: number };

/**
 * The request counts of `@fastify/rate-limit` kept in Redis, so every server sharing it counts
 * against the same limits (docs/security.md, "Rate and size limits"): fixed windows, as the plugin's
 * own stores. While Redis fails or is slow to answer, each server counts alone in memory and logs a
 * warning: sign-in stays open, and each server still limits an IP on its own.
 */
export function sharedRateLimitStore(
  redis: Redis,
  { prefix, log }: { prefix: string; log: FastifyBaseLogger },
): FastifyRateLimitStoreCtor {
  const fallback = new LocalWindows();
  const warn = outageWarning(log, 'Redis failed: rate limits count on this server alone');

  class SharedStore implements FastifyRateLimitStore {
    /** The root store (the plugin builds it with its settings) keys by `prefix`; each route's adds the route. */
    constructor(
      _settings: unknown,
      private readonly keyPrefix = prefix,
    ) {}

    incr(key: string, callback: (error: Error | null, result?: TCount) => void, timeWindow: number) {
      const redisKey = this.keyPrefix + key;
      askRedis(redis, (r) => r.eval(COUNT_REQUEST, 1, redisKey, timeWindow))
        .then(
          (reply) => {
            const [current, ttl] = reply as [number, number];
            return { current, ttl };
          },
          (err: unknown) => {
            warn(err);
            return fallback.count(redisKey, timeWindow);
          },
        )
        .then((count) => callback(null, count));
    }

    /** The count so far, counting nothing: `createRateLimit`'s `{ increment: false }` (a peek). */
    read(key: string, callback: (error: Error | null, result?: TCount) => void) {
      const redisKey = this.keyPrefix + key;
      askRedis(redis, (r) => r.eval(READ_COUNT, 1, redisKey))
        .then(
          (reply) => {
            const [current, ttl] = reply as [number, number];
            return { current, ttl: Math.max(ttl, 0) };
          },
          (err: unknown) => {
            warn(err);
            return fallback.read(redisKey);
          },
        )
        .then((count) => callback(null, count));
    }

    child(routeSettings: unknown): FastifyRateLimitStore {
      // The plugin hands each limited route its merged settings, the route under `routeInfo` (its
      // types call them route options); the key names the route as the plugin's own Redis store does.
      const { method, url } = (routeSettings as { routeInfo: { method: string | string[]; url: string } }).routeInfo;
      return new SharedStore(undefined, `${this.keyPrefix}${method}${url}-`);
    }
  }
  return SharedStore;
}

/** Fixed windows counted in this process: each server's own count while Redis fails. */
class LocalWindows {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  count(key: string, timeWindow: number): TCount {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      this.windows.delete(key);
      if (this.windows.size >= MAX_LOCAL_WINDOWS) this.makeRoom(now);
      window = { count: 0, endsAt: now + timeWindow };
      this.windows.set(key, window);
    }
    window.count++;
    return { current: window.count, ttl: window.endsAt - now };
  }

  read(key: string): TCount {
    const now = Date.now();
    const window = this.windows.get(key);
    return window && window.endsAt > now ? { current: window.count, ttl: window.endsAt - now } : { current: 0, ttl: 0 };
  }

  /** Drops the windows that have ended, or else the oldest (a Map keeps insertion order). */
  private makeRoom(now: number) {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    if (this.windows.size >= MAX_LOCAL_WINDOWS) {
      const oldest = this.windows.keys().next();
      if (!oldest.done) this.windows.delete(oldest.value);
    }
  }
}
