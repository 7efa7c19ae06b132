import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../test/helpers/api-error.ts';
import { buildTestApp } from '../../test/helpers/build-app.ts';
import { createUser, signedInUser } from '../../test/helpers/factories.ts';
import { openLiveStream, sleep } from '../../test/helpers/live-stream.ts';
import { openStream } from '../../test/helpers/market-stream.ts';
import { promtool } from '../../test/helpers/promtool.ts';
import { TEST_REDIS_URL, testKeyPrefix } from '../../test/helpers/redis.ts';
import { mustFund } from '../../test/helpers/withdrawal-api.ts';
import { loadConfig } from '../config.ts';
import { poolStatsOf, standaloneClients } from '../db/client.ts';

const TOKEN = randomBytes(24).toString('hex');

let baseUrl: string;
const t = await buildTestApp({ METRICS_TOKEN: TOKEN });
const app = t.app;
afterAll(() => t.close());

beforeAll(async () => {
  baseUrl = await listen(app);
});

/** Listens on a free port of the loopback interface; its base address. */
async function listen(on: FastifyInstance): Promise<string> {
  await on.listen({ port: 0, host: '127.0.0.1' });
  const address = on.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

const scrape = (on: FastifyInstance, authorization = `Bearer ${TOKEN}`) =>
  on.inject({ method: 'GET', url: '/api/metrics', headers: { authorization } });

/** The value of one sample of the exposition text (`name{labels} value`), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  return found(text, name, labels) ?? 0;
}

/** The value of one sample of the exposition text, undefined when there is no such sample. */
function found(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((label) => present.includes(label))) return Number(match[3]);
  }
  return undefined;
}

/** Scrapes `on` until `done` holds for its text (a stream's end reaches the server a moment later). */
async function scrapeUntil(on: FastifyInstance, done: (text: string) => boolean, ms = 10_000): Promise<string> {
  const deadline = Date.now() + ms;
  for (;;) {
    const text = (await scrape(on)).body;
    if (done(text) || Date.now() > deadline) return text;
    await sleep(50);
  }
}

describe('GET /api/metrics without METRICS_TOKEN', () => {
  it('does not exist: 404 in the API error shape, whatever is sent', async () => {
    const plain = await buildTestApp({}, { sameDatabaseAs: t });
    try {
      expect(plain.app.metrics).toBeUndefined();
      expectApiError(await scrape(plain.app), 404, 'NOT_FOUND');
      expectApiError(await plain.app.inject({ method: 'GET', url: '/api/metrics' }), 404, 'NOT_FOUND');
    } finally {
      await plain.close();
    }
  });

  it('refuses a METRICS_TOKEN shorter than 16 characters at start-up', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short-token' })).toThrow(/METRICS_TOKEN/);
  });
});

describe('GET /api/metrics with METRICS_TOKEN', () => {
  it('answers 401 in the API error shape without the token, with a wrong one, or another scheme', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/metrics' });
    expectApiError(anonymous, 401, 'UNAUTHORIZED');
    expect(anonymous.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expectApiError(await scrape(app, `Bearer ${TOKEN.slice(0, -1)}x`), 401, 'UNAUTHORIZED');
    expectApiError(await scrape(app, `Bearer ${TOKEN}${TOKEN}`), 401, 'UNAUTHORIZED');
    expectApiError(await scrape(app, `Basic ${TOKEN}`), 401, 'UNAUTHORIZED');
    expectApiError(await scrape(app, 'Bearer '), 401, 'UNAUTHORIZED');
    // A signed-in admin's access token is not the scraper's.
    const admin = await signedInUser(app, 'Admin');
    expectApiError(await scrape(app, admin.headers.authorization), 401, 'UNAUTHORIZED');
  });

  it('counts requests by method, route pattern and status, never by raw URL', async () => {
    const before = (await scrape(app)).body;
    const live = { method: 'GET', route: '/api/health/live', status: '200' };
    for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: '/api/health/live?probe=1' });
    const secretKey = `k${randomBytes(8).toString('hex')}`;
    await app.inject({ method: 'GET', url: `/api/crypto-news/images/${secretKey}` });
    await app.inject({ method: 'GET', url: `/api/no-such-route-${secretKey}` });

    const res = await scrape(app);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    expect(
      sample(text, 'meridian_http_requests_total', live) - sample(before, 'meridian_http_requests_total', live),
    ).toBe(3);
    expect(sample(text, 'meridian_http_request_duration_seconds_count', live)).toBeGreaterThanOrEqual(3);
    expect(text).toMatch(/meridian_http_requests_total\{method="GET",route="\/api\/crypto-news\/images\/:key"/);
    expect(text).toMatch(/meridian_http_requests_total\{method="GET",route="unmatched",status="404"\}/);
    expect(text).not.toContain(secretKey);
    expect(text).not.toContain('probe');
  });

  it('counts ledger postings by kind: one more after an admin credit', async () => {
    const admin = await signedInUser(app, 'Admin');
    const client = await createUser(app, 'Client');
    const credits = async () =>
      sample((await scrape(app)).body, 'meridian_ledger_postings_total', { kind: 'adjustment.credit' });
    const before = await credits();
    await mustFund(app, admin, client.id, '12.50');
    expect(await credits()).toBe(before + 1);
  });

  it('counts the money moves that went through group commit, their batches and the batches that split', async () => {
    const admin = await signedInUser(app, 'Admin');
    const clients = await Promise.all(Array.from({ length: 4 }, () => createUser(app, 'Client')));
    const figures = async () => {
      const text = (await scrape(app)).body;
      return {
        batches: sample(text, 'meridian_group_commit_batches_total'),
        moves: sample(text, 'meridian_group_commit_moves_total'),
        splits: sample(text, 'meridian_group_commit_splits_total'),
      };
    };
    const before = await figures();
    await Promise.all(clients.map((client) => mustFund(app, admin, client.id, '3.00')));
    const after = await figures();
    expect(after.moves).toBe(before.moves + 4);
    expect(after.batches).toBeGreaterThan(before.batches);
    expect(after.batches).toBeLessThanOrEqual(before.batches + 4);
    expect(after.splits).toBe(before.splits);
  });

  it('shows each job, the price feed, and Node’s process metrics', async () => {
    await app.jobs.runNow('market-candles');
    const text = (await scrape(app)).body;
    for (const job of ['payouts', 'positions', 'signals', 'market-candles']) {
      expect(text).toContain(`meridian_job_lag_seconds{job_name="${job}"}`);
      expect(text).toContain(`meridian_job_failures_total{job_name="${job}"}`);
    }
    // Never `job`, which Prometheus keeps for the scrape job (docs/operations.md, "Metrics").
    expect(text).not.toMatch(/[{,]job="/);
    expect(sample(text, 'meridian_job_runs_total', { job_name: 'market-candles' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'meridian_job_last_run_timestamp_seconds', { job_name: 'market-candles' })).toBeGreaterThan(
      Date.now() / 1000 - 60,
    );
    expect(text).toMatch(/^meridian_feed_tick_age_seconds\{pair="BTC\/USD"\} [\d.e+-]+$/m);
    expect(text).toMatch(/^meridian_feed_stale_pairs \d+$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('keeps one registry per app: requests to another app are not counted here', async () => {
    const other = await buildTestApp({ METRICS_TOKEN: TOKEN }, { sameDatabaseAs: t });
    try {
      const route = { method: 'GET', route: '/api/content', status: '200' };
      const before = sample((await scrape(app)).body, 'meridian_http_requests_total', route);
      await other.app.inject({ method: 'GET', url: '/api/content' });
      expect(sample((await scrape(other.app)).body, 'meridian_http_requests_total', route)).toBe(1);
      expect(sample((await scrape(app)).body, 'meridian_http_requests_total', route)).toBe(before);
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/metrics for a Prometheus operator', () => {
  it('passes promtool check metrics while streams are open, and counts them: 1 each while open, 0 after', async () => {
    const client = await signedInUser(app, 'Client');
    await app.inject({ method: 'GET', url: '/api/health/live' });
    await app.inject({ method: 'GET', url: '/api/market/quotes' });
    await app.inject({ method: 'GET', url: '/api/no-such-route' });
    const streamRoute = { method: 'GET', route: '/api/market/stream', status: '200' };
    const before = sample((await scrape(app)).body, 'meridian_http_requests_total', streamRoute);

    const prices = await openStream(baseUrl);
    const account = await openLiveStream(baseUrl, client.token);
    expect([prices.status, account.status]).toEqual([200, 200]);
    try {
      const open = await scrapeUntil(
        app,
        (text) =>
          sample(text, 'meridian_streams_open', { stream: 'prices' }) === 1 &&
          sample(text, 'meridian_streams_open', { stream: 'account' }) === 1,
      );
      const check = promtool(['check', 'metrics'], open);
      expect(check.output).toBe('');
      expect(check.status).toBe(0);
      expect(sample(open, 'meridian_streams_open', { stream: 'prices' })).toBe(1);
      expect(sample(open, 'meridian_streams_open', { stream: 'account' })).toBe(1);
      // The totals prom-client exports as gauges named like counters are gone; their per-type gauges stay.
      expect(open).not.toMatch(/^nodejs_active_\w+_total/m);
      expect(open).toMatch(/^nodejs_active_handles\{type="\w+"\} \d+$/m);
    } finally {
      prices.close();
      account.close();
    }

    // Both readers left: the streams are gone, and the price stream's answer is counted and timed.
    const closed = await scrapeUntil(
      app,
      (text) =>
        sample(text, 'meridian_streams_open', { stream: 'prices' }) === 0 &&
        sample(text, 'meridian_streams_open', { stream: 'account' }) === 0 &&
        sample(text, 'meridian_http_requests_total', streamRoute) === before + 1,
    );
    expect(found(closed, 'meridian_streams_open', { stream: 'prices' })).toBe(0);
    expect(found(closed, 'meridian_streams_open', { stream: 'account' })).toBe(0);
    expect(sample(closed, 'meridian_http_requests_total', streamRoute)).toBe(before + 1);
    expect(sample(closed, 'meridian_http_request_duration_seconds_count', streamRoute)).toBe(before + 1);
    expect(promtool(['check', 'metrics'], closed).status).toBe(0);
  });

  it('shows the PostgreSQL pool: connections in use and idle, and queries waiting; nothing on the embedded database', async () => {
    const text = (await scrape(app)).body;
    const stats = poolStatsOf(app.db)?.();
    if (!stats) {
      expect(text).not.toContain('meridian_db_pool_connections{');
      expect(found(text, 'meridian_db_pool_waiting_queries')).toBeUndefined();
      expect(found(text, 'meridian_db_pool_max_connections')).toBeUndefined();
      return;
    }
    expect(found(text, 'meridian_db_pool_max_connections')).toBe(stats.max);
    expect(found(text, 'meridian_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);

    // Every connection of the pool waits on a lock another connection holds, and one query more waits
    // for a connection: the gauges show all of them in use and that one waiting.
    const key = 7_000_000 + Math.floor(Math.random() * 1_000_000);
    // On the app's own database: advisory locks are per database.
    const holder = standaloneClients(app.db)?.();
    if (!holder) throw new Error('no PostgreSQL client for the app’s database');
    await holder.connect();
    await holder.query('select pg_advisory_lock($1)', [key]);
    const blocked = Array.from({ length: stats.max + 1 }, () => queryPool(app, `select pg_advisory_xact_lock(${key})`));
    try {
      const busy = await scrapeUntil(
        app,
        (scraped) =>
          sample(scraped, 'meridian_db_pool_connections', { state: 'in_use' }) === stats.max &&
          sample(scraped, 'meridian_db_pool_waiting_queries') >= 1,
        20_000,
      );
      expect(found(busy, 'meridian_db_pool_connections', { state: 'in_use' })).toBe(stats.max);
      expect(found(busy, 'meridian_db_pool_connections', { state: 'idle' })).toBe(0);
      expect(found(busy, 'meridian_db_pool_waiting_queries')).toBeGreaterThanOrEqual(1);
    } finally {
      await holder.query('select pg_advisory_unlock($1)', [key]);
      await holder.end();
      await Promise.all(blocked);
    }
    const calm = await scrapeUntil(app, (scraped) => sample(scraped, 'meridian_db_pool_waiting_queries') === 0);
    expect(found(calm, 'meridian_db_pool_waiting_queries')).toBe(0);
  }, 90_000);

  it('shows whether Redis is up: 1 while connected, 0 while it cannot be reached, nothing without REDIS_URL', async () => {
    expect((await scrape(app)).body).not.toContain('meridian_redis_up');
    const up = await buildTestApp(
      { METRICS_TOKEN: TOKEN, REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: testKeyPrefix() },
      { sameDatabaseAs: t },
    );
    const down = await buildTestApp(
      { METRICS_TOKEN: TOKEN, REDIS_URL: `redis://127.0.0.1:${await closedPort()}` },
      { sameDatabaseAs: t },
    );
    try {
      const upText = await scrapeUntil(up.app, (text) => sample(text, 'meridian_redis_up') === 1);
      expect(found(upText, 'meridian_redis_up')).toBe(1);
      const downText = (await scrape(down.app)).body;
      expect(found(downText, 'meridian_redis_up')).toBe(0);
      expect(promtool(['check', 'metrics'], downText).status).toBe(0);
    } finally {
      await Promise.all([up.close(), down.close()]);
    }
  });

  it('ships alert rules that promtool accepts and whose tests pass (docs/prometheus/alerts.yml)', () => {
    const folder = resolve(import.meta.dirname, '../../../../docs/prometheus');
    const check = promtool(['check', 'rules', resolve(folder, 'alerts.yml')]);
    expect(check.output).toContain('SUCCESS');
    expect(check.status).toBe(0);
    const tests = promtool(['test', 'rules', resolve(folder, 'alerts.test.yml')]);
    expect(tests.output).toContain('SUCCESS');
    expect(tests.status).toBe(0);
  });
});

/** Runs `query` on the app's own pool (not a connection of the test's). */
async function queryPool(on: FastifyInstance, query: string): Promise<void> {
  const pool = (on.db as unknown as { $client: pg.Pool }).$client;
  await pool.query(query);
}

/** A port of the loopback interface nothing listens on: taken from the system, then given back. */
function closedPort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
