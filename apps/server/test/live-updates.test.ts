import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type TConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { signedInUser, type TSignedIn } from './helpers/factories.ts';
import { openLiveStream, sleep, type TLiveStream } from './helpers/live-stream.ts';
import { createDatabase, dropDatabase } from './helpers/postgres-database.ts';
import { dropKeys, TEST_REDIS_URL, testKeyPrefix } from './helpers/redis.ts';

/**
 * Live account updates across servers (docs/architecture.md, "Live account updates"): two app
 * instances on one PostgreSQL database, each with a pool of its own, as two servers are. A change
 * committed through one reaches a stream open on the other: over PostgreSQL LISTEN/NOTIFY, and over
 * Redis pub/sub when the servers share a Redis. Only on PostgreSQL (one embedded database is one
 * process, whose changes never leave it).
 */
const serverUrl = process.env.DATABASE_URL;

interface TServer {
  app: FastifyInstance;
  url: string;
  database: Database;
}

async function startServer(url: string, overrides: Partial<TConfig>): Promise<TServer> {
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    {
      WEB_DIST: '/nonexistent',
      MARKET_HISTORY_MINUTES: 5,
      // One key for both, so a token either server issued is good on the other, as in production.
      JWT_SECRET: 'live-updates-test-secret-of-at-least-32-chars',
      ...overrides,
    },
  );
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return { app, url: `http://127.0.0.1:${address.port}`, database };
}

describe.skipIf(!serverUrl).each([
  { transport: 'postgres', redis: false },
  { transport: 'redis', redis: true },
])('live updates across two servers ($transport)', ({ transport, redis }) => {
  let name = '';
  let admin: pg.Client;
  let one: TServer;
  let two: TServer;
  const prefix = testKeyPrefix();
  const streams: TLiveStream[] = [];

  beforeAll(async () => {
    const made = await createDatabase(serverUrl as string, 'meridian_live');
    name = made.name;
    admin = made.admin;
    const overrides: Partial<TConfig> = redis ? { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix } : {};
    one = await startServer(made.url.toString(), overrides);
    two = await startServer(made.url.toString(), overrides);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    for (const server of [one, two]) {
      await server?.app.close();
      await server?.database.close();
    }
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
    for (let i = 0; i < 100 && !(a.text().includes('ready') && b.text().includes('ready')); i++) await sleep(20);

    const credited = a.next('balances');
    const res = await one.app.inject({
      method: 'POST',
      url: `/api/user/fund/${clientA.id}`,
      headers: adminUser.headers,
      payload: { amount: '10', reason: 'Wire received' },
    });
    expect(res.statusCode, res.body).toBe(200);
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
  });
});
