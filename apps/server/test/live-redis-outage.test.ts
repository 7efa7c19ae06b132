import { LIVE_TOPICS } from '@meridian/contracts/live';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { signedInUser, type TSignedIn } from './helpers/factories.ts';
import { openLiveStream, sleep, type TLiveStream } from './helpers/live-stream.ts';
import { startOwnPostgres, startOwnRedis, type TOwnPostgres, type TOwnRedis } from './helpers/own-services.ts';

/**
 * Live account updates survive a Redis outage (docs/architecture.md, "Live account updates"): two
 * servers share events over a Redis of the test's own, which it stops and starts. A change made
 * through one server while Redis is away cannot travel then; once Redis is back, a stream open on the
 * other server is told to refetch every topic, so the client catches up instead of missing the change
 * for good. The servers run on a PostgreSQL of the test's own too (several servers need one).
 */

interface TServer {
  app: FastifyInstance;
  url: string;
  database: Database;
}

async function startServer(databaseUrl: string, redisUrl: string): Promise<TServer> {
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    {
      WEB_DIST: '/nonexistent',
      MARKET_HISTORY_MINUTES: 5,
      JWT_SECRET: 'live-redis-outage-test-secret-of-32-chars-or-more',
      REDIS_URL: redisUrl,
      AUTH_RATE_LIMIT_PER_MINUTE: 100_000,
    },
  );
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return { app, url: `http://127.0.0.1:${address.port}`, database };
}

describe('live updates across a Redis outage', () => {
  let postgres: TOwnPostgres;
  let redis: TOwnRedis;
  let one: TServer;
  let two: TServer;
  let admin: TSignedIn;
  let client: TSignedIn;
  let stream: TLiveStream | undefined;

  beforeAll(async () => {
    [postgres, redis] = await Promise.all([startOwnPostgres(), startOwnRedis()]);
    one = await startServer(postgres.url, redis.url);
    two = await startServer(postgres.url, redis.url);
    admin = await signedInUser(one.app, 'Admin');
    client = await signedInUser(one.app, 'Client');
  }, 180_000);

  afterAll(async () => {
    stream?.close();
    for (const server of [one, two]) {
      await server?.app.close();
      await server?.database.close();
    }
    await redis?.stop();
    await postgres?.remove();
  }, 60_000);

  const fund = async (through: TServer) => {
    const res = await through.app.inject({
      method: 'POST',
      url: `/api/user/fund/${client.id}`,
      headers: admin.headers,
      payload: { amount: '10', reason: 'Wire received' },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('tells a stream on the other server to refetch once Redis is back, for a change it missed', async () => {
    expect(one.app.live.transport.kind).toBe('redis');
    // The client's stream is on server one; the admin acts through server two.
    stream = await openLiveStream(one.url, client.token);
    expect(stream.status).toBe(200);
    for (let i = 0; i < 250 && !stream.text().includes('ready'); i++) await sleep(20);
    const carried = stream.next('balances', 15_000);
    await fund(two);
    await carried;

    await redis.stop();
    const before = stream.changes.length;
    await fund(two);
    // Nothing can carry it now: the stream stays open and hears nothing.
    await sleep(1500);
    expect(stream.changes.slice(before)).toEqual([]);

    const caughtUp = stream.next('balances', 30_000);
    await redis.start();
    // Every topic the live stream covers: the page refetches all of them.
    expect(await caughtUp).toEqual(expect.arrayContaining([...LIVE_TOPICS]));
  }, 120_000);

  it('has a server whose publish failed tell the others to refetch, though their subscribers never dropped', async () => {
    const open = stream as TLiveStream;
    // Redis holds every write (PUBLISH included) for a few seconds while every connection stays up:
    // server two's publish times out, server one's subscriber notices nothing.
    const admin = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    try {
      await admin.call('CLIENT', 'PAUSE', '3000', 'WRITE');
    } finally {
      admin.disconnect();
    }
    // Only the resync names `positions`: the credit names balances, transactions and notifications.
    const resynced = open.next('positions', 30_000);
    await fund(two);
    expect(await resynced).toEqual(expect.arrayContaining([...LIVE_TOPICS]));
  }, 120_000);
});
