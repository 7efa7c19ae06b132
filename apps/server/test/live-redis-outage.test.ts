import { LIVE_TOPICS } from '@meridian/contracts/live-terms';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type TSignedIn } from './helpers/factories.ts';
import {
  closeLiveServers,
  openLiveStream,
  sleep,
  startLiveServer,
  type TLiveServer,
  type TLiveStream,
  untilReady,
} from './helpers/live-stream.ts';
import { startOwnPostgres, startOwnRedis, type TOwnPostgres, type TOwnRedis } from './helpers/own-services.ts';
import { mustFund } from './helpers/withdrawal-api.ts';

/**
 * Live account updates survive a Redis outage (docs/architecture.md, "Live account updates"): two
 * servers share events over a Redis of the test's own, which it stops and starts. A change made
 * through one server while Redis is away cannot travel then; once Redis is back, a stream open on the
 * other server is told to refetch every topic, so the client catches up instead of missing the change
 * for good. The servers run on a PostgreSQL of the test's own too (several servers need one).
 */

describe('live updates across a Redis outage', () => {
  let postgres: TOwnPostgres;
  let redis: TOwnRedis;
  let one: TLiveServer;
  let two: TLiveServer;
  let admin: TSignedIn;
  let client: TSignedIn;
  let stream: TLiveStream | undefined;

  beforeAll(async () => {
    [postgres, redis] = await Promise.all([startOwnPostgres(), startOwnRedis()]);
    const settings = { REDIS_URL: redis.url, AUTH_RATE_LIMIT_PER_MINUTE: 100_000 };
    one = await startLiveServer(postgres.url, settings);
    two = await startLiveServer(postgres.url, settings);
    admin = await signedInUser(one.app, 'Admin');
    client = await signedInUser(one.app, 'Client');
  }, 180_000);

  afterAll(async () => {
    stream?.close();
    await closeLiveServers(one, two);
    await redis?.stop();
    await postgres?.remove();
  }, 60_000);

  const fund = (through: TLiveServer) => mustFund(through.app, admin, client.id, '10');

  it('tells a stream on the other server to refetch once Redis is back, for a change it missed', async () => {
    expect(one.app.live.transport.kind).toBe('redis');
    // The client's stream is on server one; the admin acts through server two.
    stream = await openLiveStream(one.url, client.token);
    expect(stream.status).toBe(200);
    await untilReady([stream]);
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
