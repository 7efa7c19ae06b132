import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { within } from './within.ts';

/**
 * How long a request waits for Redis before the server counts alone instead. A Redis that is down
 * is not asked at all (see `askRedis`); this bounds one that accepts the connection but does not answer.
 */
export const REDIS_ANSWER_MS = 1000;

/** After a failure, Redis is not asked for this long: one request in this time pays for a silent Redis, not each. */
export const REDIS_PAUSE_MS = 5000;

/** Connection states in which a command would only wait for the next reconnection attempt, or fail. */
const UNREACHABLE = new Set(['reconnecting', 'close', 'end']);

/** When each connection last failed a call. */
const lastFailure = new WeakMap<Redis, number>();

/**
 * The answer of `call` on `redis`, or a rejection: after `ms` without an answer, and at once while
 * the connection is lost (a command would wait for the next reconnection attempt, up to 2 s:
 * lib/redis.ts) or within REDIS_PAUSE_MS of the connection's last failure.
 */
export async function askRedis<T>(redis: Redis, call: (redis: Redis) => Promise<T>, ms = REDIS_ANSWER_MS): Promise<T> {
  if (UNREACHABLE.has(redis.status)) throw new Error(`Redis connection ${redis.status}`);
  const failedAgo = Date.now() - (lastFailure.get(redis) ?? Number.NEGATIVE_INFINITY);
  if (failedAgo < REDIS_PAUSE_MS) throw new Error(`Redis failed ${failedAgo} ms ago: not asked again yet`);
  try {
    return await within(call(redis), ms, `Redis did not answer within ${ms} ms`);
  } catch (err) {
    lastFailure.set(redis, Date.now());
    throw err;
  }
}

/**
 * A warning for each failed Redis call, at most one per `everyMs` (with how many were not logged),
 * so an outage under load shows in the log without flooding it.
 */
export function outageWarning(log: FastifyBaseLogger, message: string, everyMs = 10_000): (err: unknown) => void {
  let lastAt = Number.NEGATIVE_INFINITY;
  let unlogged = 0;
  return (err) => {
    const now = Date.now();
    if (now - lastAt < everyMs) {
      unlogged++;
      return;
    }
    log.warn({ err, alsoFailedSinceLastWarning: unlogged }, message);
    lastAt = now;
    unlogged = 0;
  };
}
