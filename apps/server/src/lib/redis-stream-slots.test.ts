import Fastify from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { dropKeys, keysUnder, testKeyPrefix, testRedis } from '../../test/helpers/redis.ts';
import { RedisStreamSlots, type TRedisStreamSlotsOptions } from './redis-stream-slots.ts';

/**
 * The per-IP stream cap shared through Redis, as two servers see it: each with a connection of its
 * own, and lifetimes in milliseconds instead of seconds.
 */
const prefix = testKeyPrefix();
const IP = '198.51.100.4';
const OTHER_IP = '198.51.100.5';
const warnings: string[] = [];
const log = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => void warnings.push(line) } } }).log;

const opened: { slots: RedisStreamSlots; redis: Redis }[] = [];
/** A server's slots: max 2 per IP, each stream counting 400 ms after its last refresh (every 100 ms). */
function serverSlots(options: Partial<TRedisStreamSlotsOptions> = {}) {
  const redis = testRedis();
  const slots = new RedisStreamSlots(redis, { maxPerIp: 2, prefix, log, ttlMs: 400, refreshMs: 100, ...options });
  opened.push({ slots, redis });
  return { slots, redis };
}

afterEach(async () => {
  for (const { slots, redis } of opened.splice(0)) {
    await slots.close();
    redis.disconnect();
  }
  await dropKeys(prefix);
  warnings.length = 0;
});
afterAll(() => dropKeys(prefix));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('RedisStreamSlots', () => {
  it('counts the streams of one IP on two servers against one cap, and gives them back', async () => {
    const a = serverSlots();
    const b = serverSlots();
    expect(await a.slots.take(IP, '1')).toBe(true);
    // The same stream number on another server is another stream.
    expect(await b.slots.take(IP, '1')).toBe(true);
    expect(await a.slots.take(IP, '2')).toBe(false);
    expect(await b.slots.take(IP, '2')).toBe(false);
    // Another IP has slots of its own.
    expect(await b.slots.take(OTHER_IP, '3')).toBe(true);

    b.slots.give(IP, '1');
    await vi.waitFor(async () => expect(await a.slots.take(IP, '2')).toBe(true));
    expect(await b.slots.take(IP, '4')).toBe(false);
    expect(warnings).toEqual([]);
  });

  it('keeps open streams counting while their server refreshes them, and drops those of a server that died', async () => {
    const a = serverSlots();
    const b = serverSlots();
    expect(await a.slots.take(IP, '1')).toBe(true);
    expect(await a.slots.take(IP, '2')).toBe(true);
    expect(await a.slots.take(OTHER_IP, '3')).toBe(true);
    expect(await a.slots.take(OTHER_IP, '4')).toBe(true);
    await sleep(1000); // 2.5 lifetimes: only the refreshes keep them
    expect(await b.slots.take(IP, '1')).toBe(false);
    expect(await b.slots.take(OTHER_IP, '1')).toBe(false);

    // A SIGKILL as Redis sees it: no more refreshes, nothing given back.
    a.redis.disconnect();
    const diedAt = Date.now();
    expect(await b.slots.take(IP, '1')).toBe(false);
    await vi.waitFor(async () => expect(await b.slots.take(IP, '1')).toBe(true), { timeout: 2000, interval: 20 });
    expect(Date.now() - diedAt).toBeLessThan(400 + 200);
  });

  it('counts its streams again after Redis lost them (a restart, a flush)', async () => {
    const a = serverSlots();
    const b = serverSlots();
    expect(await a.slots.take(IP, '1')).toBe(true);
    expect(await a.slots.take(IP, '2')).toBe(true);
    await a.redis.del(`${prefix}${IP}`);
    expect(await b.slots.take(IP, '1')).toBe(true);
    b.slots.give(IP, '1');
    await vi.waitFor(async () => expect(await b.slots.take(IP, '1')).toBe(false), { timeout: 1000 });
  });

  it('removes its streams from Redis when it closes, and the set of an IP expires with its last stream', async () => {
    const a = serverSlots();
    const b = serverSlots();
    expect(await a.slots.take(IP, '1')).toBe(true);
    expect(await a.slots.take(IP, '2')).toBe(true);
    await a.slots.close();
    expect(await a.slots.take(IP, '3')).toBe(false);
    expect(await b.slots.take(IP, '1')).toBe(true);
    expect(await b.redis.pttl(`${prefix}${IP}`)).toBeGreaterThan(0);
    b.redis.disconnect(); // dies: its set expires with its stream
    const other = testRedis();
    try {
      await vi.waitFor(async () => expect(await keysUnder(other, prefix)).toEqual([]), { timeout: 2000 });
    } finally {
      await other.quit();
    }
  });
});
