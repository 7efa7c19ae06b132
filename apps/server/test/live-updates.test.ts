import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type TConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
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
import { createDatabase, dropDatabase } from './helpers/postgres-database.ts';
import { dropKeys, TEST_REDIS_URL, testKeyPrefix } from './helpers/redis.ts';
import { mustFund } from './helpers/withdrawal-api.ts';

/**
 * Live account updates across servers (docs/architecture.md, "Live account updates"): two app
 * instances on one PostgreSQL database, each with a pool of its own, as two servers are. A change
 * committed through one reaches a stream open on the other: over PostgreSQL LISTEN/NOTIFY, and over
 * Redis pub/sub when the servers share a Redis. Only on PostgreSQL (one embedded database is one
 * process, whose changes never leave it).
 */
const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl).each([
  { transport: 'postgres', redis: false },
  { transport: 'redis', redis: true },
])('live updates across two servers ($transport)', ({ transport, redis }) => {
  let name = '';
  let admin: pg.Client;
  let one: TLiveServer;
  let two: TLiveServer;
  const prefix = testKeyPrefix();
  const streams: TLiveStream[] = [];

  beforeAll(async () => {
    const made = await createDatabase(serverUrl as string, 'meridian_live');
    name = made.name;
    admin = made.admin;
    const overrides: Partial<TConfig> = redis ? { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix } : {};
    one = await startLiveServer(made.url.toString(), overrides);
    two = await startLiveServer(made.url.toString(), overrides);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await closeLiveServers(one, two);
    if (admin) {
      await dropDatabase(admin, name);
      await admin.end();
    }
    if (redis) await dropKeys(prefix);
  });

  it(`carries the change over ${transport}, to its owner only`, async () => {
    expect(one.app.live.transport.kind).toBe(transport);
    const adminUser: TSignedIn = await signedInUser(one.app, 'Admin');
    const clientA = await signedInUser(one.app, 'Client');
    const clientB = await signedInUser(one.app, 'Client');
    // A's and B's streams are on server two; the admin acts through server one.
    const a = await openLiveStream(two.url, clientA.token);
    const b = await openLiveStream(two.url, clientB.token);
    streams.push(a, b);
    expect([a.status, b.status]).toEqual([200, 200]);
    await untilReady([a, b]);

    const credited = a.next('balances');
    await mustFund(one.app, adminUser, clientA.id, '10');
    expect(await credited).toEqual(expect.arrayContaining(['balances', 'transactions']));

    const notified = a.next('notifications');
    const sent = await one.app.inject({
      method: 'POST',
      url: '/api/inappmessage',
      headers: adminUser.headers,
      payload: { receiver: clientA.id, subject: 'Hello', message: 'From the other server' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await notified;

    await sleep(300);
    expect(b.changes).toEqual([]);
  });
});

describe.skipIf(Boolean(serverUrl))('live updates on the embedded database', () => {
  it('stay in the one process', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    const app = await buildApp({
      config: loadConfig(
        { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
        { WEB_DIST: '/nonexistent', MARKET_HISTORY_MINUTES: 5 },
      ),
      database,
    });
    try {
      expect(app.live.transport.kind).toBe('local');
    } finally {
      await app.close();
      await database.close();
    }
    // A whole app on a fresh embedded database, inside the test: the time a set-up hook is given.
  }, 60_000);
});
