import { Redis } from 'ioredis';

/**
 * The Redis connection several servers share (REDIS_URL; docs/operations.md): rate limits and the
 * per-IP stream cap count across servers through it. A command waits at most a second for a lost
 * connection to come back, then fails, so a Redis outage shows as errors, never as requests that
 * hang.
 */
export function openRedis(url: string): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    // Reconnect quickly, then every 2 s at most, for as long as the server runs.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
  });
}
