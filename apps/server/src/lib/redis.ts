import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { outageWarning } from './redis-fallback.ts';

/**
 * The Redis connection several servers share (REDIS_URL; docs/operations.md): rate limits and the
 * per-IP stream cap count across servers through it. A command waits at most a second for a lost
 * connection to come back, then fails, so a Redis outage shows as errors, never as requests that
 * hang; the connection keeps reconnecting, and its failures are logged at most every 10 s.
 */
export function openRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    // Reconnect quickly, then every 2 s at most, for as long as the server runs.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
  });
  // Without a listener, ioredis prints each failed reconnection attempt to stderr.
  redis.on('error', outageWarning(log, 'Redis connection failed'));
  return redis;
}

/** How long closing waits for Redis to acknowledge QUIT before dropping the connection. */
const QUIT_WAIT_MS = 500;

/** Ends the connection: politely when Redis answers, at once when it does not (closing never hangs on it). */
export async function closeRedis(redis: Redis): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, QUIT_WAIT_MS);
  });
  await Promise.race([redis.quit().catch(() => undefined), late]);
  clearTimeout(timer);
  redis.disconnect();
}
