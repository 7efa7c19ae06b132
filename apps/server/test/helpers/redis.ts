import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the tests of counts shared across servers use (`.ci/run` starts one there). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix of one test file's own: the test files running at once share the Redis. */
export const testKeyPrefix = () => `meridian-test:${randomBytes(6).toString('hex')}:`;

/** A connection of the test's own (closed with `quit`), failing fast when no Redis answers. */
export function testRedis(): Redis {
  return new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
}

/** The keys under `prefix`, sorted. */
export async function keysUnder(redis: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    keys.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  return keys.sort();
}

/** Deletes the keys under `prefix` (they expire by themselves too, within a minute). */
export async function dropKeys(prefix: string): Promise<void> {
  const redis = testRedis();
  try {
    const keys = await keysUnder(redis, prefix);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}
