import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-app.ts';
import { openStream, type TTestStream } from './helpers/market-stream.ts';
import { dropKeys, TEST_REDIS_URL, testKeyPrefix } from './helpers/redis.ts';
import { serverDatabase, type TServerDatabase } from './helpers/server-database.ts';
import { startServerProcess, type TServerProcess } from './helpers/server-process.ts';

/**
 * The per-IP stream cap shared through Redis outlives no server: the streams of a server killed
 * with SIGKILL (no shutdown hook gives their slots back) stop counting within the 15 s each stream
 * counts after its server last refreshed it (docs/security.md, "Rate and size limits").
 */
const prefix = testKeyPrefix();
const shared = { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, MARKET_STREAM_MAX_PER_IP: 2 };

let database: TServerDatabase;
let killed: TServerProcess | undefined;
let survivor: TestApp;
let survivorUrl: string;
const open: TTestStream[] = [];
beforeAll(async () => {
  database = await serverDatabase();
  survivor = await buildTestApp(shared);
  await survivor.app.listen({ host: '127.0.0.1', port: 0 });
  survivorUrl = `http://127.0.0.1:${(survivor.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  for (const stream of open) stream.close();
  await killed?.kill();
  await survivor?.close();
  await database?.drop();
  await dropKeys(prefix);
});

it('stops counting the streams of a server killed with SIGKILL within 15 s', { timeout: 60_000 }, async () => {
  killed = await startServerProcess({
    ...database.env,
    ...Object.fromEntries(Object.entries(shared).map(([k, v]) => [k, String(v)])),
    MARKET_HISTORY_MINUTES: '30',
  });
  for (let i = 0; i < 2; i++) {
    const stream = await openStream(killed.url);
    open.push(stream);
    expect(stream.status).toBe(200);
  }
  expect((await openStream(survivorUrl)).status).toBe(429);

  await killed.kill();
  const killedAt = Date.now();
  // Nothing gave them back: they still count…
  expect((await openStream(survivorUrl)).status).toBe(429);
  // …until they expire.
  await vi.waitFor(
    async () => {
      const stream = await openStream(survivorUrl);
      if (stream.status === 200) open.push(stream);
      expect(stream.status).toBe(200);
    },
    { timeout: 30_000, interval: 500 },
  );
  expect(Date.now() - killedAt).toBeLessThan(15_000 + 1000);
});
