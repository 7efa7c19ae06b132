import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../test/helpers/api-error.ts';
import { buildTestApp, type TestApp } from '../../test/helpers/build-app.ts';
import { createUser, signedInUser } from '../../test/helpers/factories.ts';
import { mustFund } from '../../test/helpers/withdrawal-api.ts';
import { loadConfig } from '../config.ts';

const TOKEN = randomBytes(24).toString('hex');

let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await buildTestApp({ METRICS_TOKEN: TOKEN });
  app = t.app;
});
afterAll(() => t.close());

const scrape = (on: FastifyInstance, authorization = `Bearer ${TOKEN}`) =>
  on.inject({ method: 'GET', url: '/api/metrics', headers: { authorization } });

/** The value of one sample of the exposition text (`name{labels} value`), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((label) => present.includes(label))) return Number(match[3]);
  }
  return 0;
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

  it('shows each job, the price feed, and Node’s process metrics', async () => {
    await app.jobs.runNow('market-candles');
    const text = (await scrape(app)).body;
    for (const job of ['payouts', 'positions', 'signals', 'market-candles']) {
      expect(text).toContain(`meridian_job_lag_seconds{job="${job}"}`);
      expect(text).toContain(`meridian_job_failures_total{job="${job}"}`);
    }
    expect(sample(text, 'meridian_job_runs_total', { job: 'market-candles' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'meridian_job_last_run_timestamp_seconds', { job: 'market-candles' })).toBeGreaterThan(
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
