import { type AddressInfo, createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TConfig } from '../src/config.ts';
import { expectApiError } from './helpers/api-error.ts';
import { buildTestApp, type TestApp } from './helpers/build-app.ts';
import { signedInUser } from './helpers/factories.ts';
import { openStream, type TTestStream } from './helpers/market-stream.ts';
import { freePort } from './helpers/processes.ts';
import { dropKeys, keysUnder, TEST_REDIS_URL, testKeyPrefix, testRedis } from './helpers/redis.ts';

/**
 * Two servers on one database (docs/security.md, "Rate and size limits"): with REDIS_URL the
 * sign-in rate limit and the per-IP cap of live price streams count across both; without it each
 * counts alone; with a Redis that is down or does not answer, each counts alone too, logs a
 * warning, and no request waits for it.
 */
const LIMITS: Partial<TConfig> = { AUTH_RATE_LIMIT_PER_MINUTE: 5, MARKET_STREAM_MAX_PER_IP: 2 };
const RATE_LIMITED = 'Too many requests, please wait a moment and try again';

/** The database every server of this file shares (starting one per server would take seconds each). */
let database: TestApp;
beforeAll(async () => {
  database = await buildTestApp();
});
afterAll(() => database.close());

/** A server listening on a port of its own, with the LIMITS, logging to `logs` if given. */
async function server(overrides: Partial<TConfig>, logs?: string[]) {
  const t = await buildTestApp(
    { ...LIMITS, ...overrides },
    { sameDatabaseAs: database, logStream: logs && { write: (line) => void logs.push(line) } },
  );
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return { ...t, url: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
}
type TServer = Awaited<ReturnType<typeof server>>;

/** A failed sign-in, each to another address (the login lock would answer a repeated one with 423). */
let attempts = 0;
const signIn = (s: TServer, remoteAddress = '127.0.0.1') =>
  s.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: `nobody-${++attempts}@example.com`, password: 'not the password' },
    remoteAddress,
  });

/** Opens `count` streams on `s`, expecting each to be admitted. */
async function openAdmitted(s: TServer, count: number, open: TTestStream[]) {
  for (let i = 0; i < count; i++) {
    const stream = await openStream(s.url);
    open.push(stream);
    expect(stream.status).toBe(200);
  }
}

/** A stream refused with the spec's 429 body. */
async function expectStreamRefused(s: TServer) {
  const refused = await openStream(s.url);
  expect(refused.status).toBe(429);
  await refused.ended;
  expect(JSON.parse(refused.text())).toEqual({
    error: 'RATE_LIMITED',
    key: 'errors.rateLimited',
    params: {},
    message: RATE_LIMITED,
  });
}

describe('with REDIS_URL', () => {
  const prefix = testKeyPrefix();
  let first: TServer;
  let second: TServer;
  const open: TTestStream[] = [];
  beforeAll(async () => {
    const shared = { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix };
    first = await server(shared);
    second = await server(shared);
  });
  afterAll(async () => {
    for (const stream of open) stream.close();
    await second?.close();
    await first?.close();
    await dropKeys(prefix);
  });

  it('counts the sign-in attempts of one IP on both servers against one limit', async () => {
    for (let i = 0; i < 5; i++) {
      expectApiError(await signIn(i % 2 === 0 ? first : second), 401, 'INVALID_CREDENTIALS');
    }
    expectApiError(await signIn(second), 429, 'RATE_LIMITED', RATE_LIMITED);
    expectApiError(await signIn(first), 429, 'RATE_LIMITED', RATE_LIMITED);
    // Another IP has a count of its own.
    expectApiError(await signIn(first, '203.0.113.7'), 401, 'INVALID_CREDENTIALS');
    // Kept under the configured prefix, by route and IP.
    const redis = testRedis();
    try {
      expect(await keysUnder(redis, `${prefix}rate-limit:`)).toEqual([
        `${prefix}rate-limit:POST/api/login-127.0.0.1`,
        `${prefix}rate-limit:POST/api/login-203.0.113.7`,
      ]);
    } finally {
      await redis.quit();
    }
  });

  it('counts the failed refreshes of one IP on both servers against one limit, never the ones that succeed', async () => {
    const refresh = (s: TServer, cookie: string) =>
      s.app.inject({ method: 'GET', url: '/api/refresh', headers: { cookie }, remoteAddress: '203.0.113.20' });
    // Signed in on the database's own server: this IP's sign-ins on these two are used up above.
    let { cookie } = await signedInUser(database.app, 'Client');
    // More successful refreshes than the limit, alternating servers: none counts.
    for (let i = 0; i < 8; i++) {
      const res = await refresh(i % 2 === 0 ? first : second, cookie);
      expect(res.statusCode, res.body).toBe(200);
      cookie = `meridian_refresh=${res.cookies.find((c) => c.name === 'meridian_refresh')?.value}`;
    }
    for (let i = 0; i < 5; i++) {
      expectApiError(await refresh(i % 2 === 0 ? second : first, `meridian_refresh=guessed-${i}`), 401, 'UNAUTHORIZED');
    }
    expectApiError(await refresh(first, cookie), 429, 'RATE_LIMITED', RATE_LIMITED);
    expectApiError(await refresh(second, cookie), 429, 'RATE_LIMITED', RATE_LIMITED);
  });

  it('counts the streams one IP holds open on both servers against one cap, and admits again when one closes', async () => {
    await openAdmitted(first, 1, open);
    await openAdmitted(second, 1, open);
    await expectStreamRefused(first);
    await expectStreamRefused(second);
    // The snapshot-only form is not counted.
    expect((await second.app.inject({ method: 'GET', url: '/api/market/stream?once=1' })).statusCode).toBe(200);

    open.shift()?.close();
    await vi.waitFor(async () => {
      const again = await openStream(second.url);
      open.push(again);
      expect(again.status).toBe(200);
    });
    await expectStreamRefused(first);
  });

  it('gives back the slots of its open streams when a server closes', async () => {
    const prefixOfOwn = testKeyPrefix();
    const shared = { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefixOfOwn };
    const closing = await server(shared);
    const other = await server(shared);
    const streams: TTestStream[] = [];
    try {
      await openAdmitted(closing, 2, streams);
      await expectStreamRefused(other);
      await closing.close();
      await openAdmitted(other, 2, streams);
    } finally {
      for (const stream of streams) stream.close();
      await other.close();
      await dropKeys(prefixOfOwn);
    }
  });
});

describe('without REDIS_URL', () => {
  let first: TServer;
  let second: TServer;
  const open: TTestStream[] = [];
  beforeAll(async () => {
    first = await server({});
    second = await server({});
  });
  afterAll(async () => {
    for (const stream of open) stream.close();
    await second?.close();
    await first?.close();
  });

  it('counts on each server alone', async () => {
    expect(first.app.redis).toBeUndefined();
    for (let i = 0; i < 5; i++) expectApiError(await signIn(first), 401, 'INVALID_CREDENTIALS');
    expectApiError(await signIn(first), 429, 'RATE_LIMITED', RATE_LIMITED);
    expectApiError(await signIn(second), 401, 'INVALID_CREDENTIALS');

    await openAdmitted(first, 2, open);
    await expectStreamRefused(first);
    await openAdmitted(second, 2, open);
  });
});

describe('with a Redis that does not answer', () => {
  /** Each request is answered well within this, whatever Redis does. */
  const PROMPT_MS = 2500;

  async function expectCountsAlone(first: TServer, second: TServer, logs: string[]) {
    const open: TTestStream[] = [];
    try {
      for (let i = 0; i < 5; i++) {
        const started = Date.now();
        expectApiError(await signIn(first), 401, 'INVALID_CREDENTIALS');
        expect(Date.now() - started).toBeLessThan(PROMPT_MS);
      }
      expectApiError(await signIn(first), 429, 'RATE_LIMITED', RATE_LIMITED);
      expectApiError(await signIn(second), 401, 'INVALID_CREDENTIALS');

      const started = Date.now();
      await openAdmitted(first, 2, open);
      expect(Date.now() - started).toBeLessThan(2 * PROMPT_MS);
      await expectStreamRefused(first);
      await openAdmitted(second, 2, open);
    } finally {
      for (const stream of open) stream.close();
    }
    const warnings = logs.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(warnings).toContainEqual(
      expect.objectContaining({ level: 40, msg: 'Redis failed: rate limits count on this server alone' }),
    );
    expect(warnings).toContainEqual(
      expect.objectContaining({ level: 40, msg: 'Redis failed: the per-IP stream cap counts on this server alone' }),
    );
  }

  it('down (connection refused): each server counts alone and logs a warning', async () => {
    const logs: string[] = [];
    const down = { REDIS_URL: `redis://127.0.0.1:${await freePort()}`, LOG_LEVEL: 'warn' as const };
    const first = await server(down, logs);
    const second = await server(down, logs);
    try {
      await expectCountsAlone(first, second, logs);
    } finally {
      await second.close();
      await first.close();
    }
  });

  it('silent (accepts the connection, never answers): each server counts alone after a second', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const logs: string[] = [];
    const port = (silent.address() as AddressInfo).port;
    const quiet = { REDIS_URL: `redis://127.0.0.1:${port}`, LOG_LEVEL: 'warn' as const };
    const first = await server(quiet, logs);
    const second = await server(quiet, logs);
    try {
      await expectCountsAlone(first, second, logs);
    } finally {
      // Closing the app says QUIT to Redis and waits for its answer, which never comes here.
      for (const s of [first, second]) s.app.redis?.disconnect();
      await second.close();
      await first.close();
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});
