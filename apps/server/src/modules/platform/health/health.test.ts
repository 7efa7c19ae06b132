import { randomBytes } from 'node:crypto';
import { ZHealth, ZLiveness } from '@meridian/contracts/health';
import { MARKET_PAIRS, type TPair } from '@meridian/contracts/pairs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../test/helpers/build-app.ts';
import { jobStatusBeforeFirstRun } from '../../../../test/helpers/job-status.ts';
import { buildApp } from '../../../app.ts';
import { type Database, openDatabase } from '../../../db/client.ts';
import type { TJob } from '../../../jobs/runner.ts';
import { feedCheck, jobsCheck } from './health.service.ts';

const t = await buildTestApp();
const app = t.app;
afterAll(() => t.close());

const health = (on: FastifyInstance) => on.inject({ method: 'GET', url: '/api/health' });

describe('GET /api/health/live', () => {
  it('answers ok, not to be kept by any cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    expect(ZLiveness.parse(res.json())).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/health (readiness)', () => {
  it('answers 200 ok with each part checked: the database with its latency, no Redis, jobs and feed', async () => {
    const res = await health(app);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = ZHealth.parse(res.json());
    expect(body.status).toBe('ok');
    expect(body.db).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    expect(body.checks.database).toEqual({ status: 'ok', latencyMs: expect.any(Number) });
    expect(body.checks.redis).toBeNull();
    expect(body.checks.jobs).toMatchObject({ started: true, lagging: [], failing: [] });
    expect(body.jobs.map((job) => job.name)).toEqual(
      expect.arrayContaining(['payouts', 'positions', 'signals', 'market-candles']),
    );
  });

  it('shows a failed job as degraded, without its message, and stays 200', async () => {
    const secret = `card 4111 1111 1111 ${randomBytes(2).toString('hex')}`;
    const failing: TJob = {
      name: 'health-test-failing',
      enabled: true,
      intervalMs: 3_600_000,
      run: async () => {
        throw new TypeError(secret);
      },
    };
    app.jobs.register(failing);
    await app.jobs.runNow(failing.name).catch(() => undefined);
    const res = await health(app);
    expect(res.statusCode).toBe(200);
    const body = ZHealth.parse(res.json());
    expect(body.status).toBe('ok');
    expect(body.checks.jobs).toMatchObject({ status: 'degraded', failing: [failing.name] });
    expect(body.jobs.find((job) => job.name === failing.name)).toMatchObject({
      lastError: 'TypeError',
      runs: expect.any(Number),
      failedRuns: expect.any(Number),
    });
    expect(body.jobs.find((job) => job.name === failing.name)?.failedRuns).toBeGreaterThanOrEqual(1);
    expect(res.body).not.toContain('4111');
  });

  it('shows a stale feed as degraded and stays 200; fresh prices for every pair make it ok', async () => {
    // The simulated feed's timer is off: after its opening prices, nothing arrives, and a second later
    // every price is stale. A database of its own: servers sharing one may share their feed.
    const quiet = await buildTestApp({ MARKET_TICK_MS: 0, MARKET_HISTORY_MINUTES: 0, MARKET_STALE_SECONDS: 1 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const stale = await health(quiet.app);
      expect(stale.statusCode).toBe(200);
      const before = ZHealth.parse(stale.json());
      expect(before.status).toBe('ok');
      expect(before.checks.feed.status).toBe('degraded');
      expect(before.checks.feed.stalePairs).toEqual([...MARKET_PAIRS]);
      expect(before.checks.feed.lastTickAgeMs).toBeGreaterThanOrEqual(1_000);

      const now = Date.now();
      quiet.app.market.ticks(
        MARKET_PAIRS.map((pair) => ({ pair, bid: 1, ask: 1.0002, time: now, source: 'simulated' })),
      );
      const after = ZHealth.parse((await health(quiet.app)).json());
      expect(after.checks.feed).toEqual({
        status: 'ok',
        lastTickAgeMs: expect.any(Number),
        stalePairs: [],
        // Alone on its database: it leads the shared feed on PostgreSQL.
        role: process.env.DATABASE_URL ? 'leader' : 'single',
        connected: true,
      });
      expect(after.checks.feed.lastTickAgeMs).toBeLessThan(5_000);
    } finally {
      await quiet.close();
    }
  });

  it('answers 503 unavailable, the database marked, once the database is gone; liveness still answers', async () => {
    const own = await ownDatabase();
    const broken = await buildApp({
      config: { ...app.config, MARKET_TICK_MS: 0, MARKET_HISTORY_MINUTES: 0 },
      database: own.database,
    });
    try {
      await broken.ready();
      expect((await health(broken)).statusCode).toBe(200);
      await own.database.close();

      const res = await health(broken);
      expect(res.statusCode).toBe(503);
      const body = ZHealth.parse(res.json());
      expect(body.status).toBe('unavailable');
      expect(body.checks.database).toEqual({ status: 'unavailable', latencyMs: null });
      // The same shape as a 200: the jobs are still listed.
      expect(body.jobs.length).toBeGreaterThan(0);
      expect(res.body).not.toMatch(/closed|ended|pool/i);
      expect((await broken.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await broken.close().catch(() => undefined);
      await own.drop();
    }
  });
});

describe('Redis in readiness (REDIS_URL)', () => {
  it('pings Redis when it is set', async () => {
    const withRedis = await buildTestApp({ REDIS_URL: 'redis://127.0.0.1:6379/0' }, { sameDatabaseAs: t });
    try {
      const res = await health(withRedis.app);
      expect(res.statusCode, res.body).toBe(200);
      expect(ZHealth.parse(res.json()).checks.redis).toEqual({ status: 'ok', latencyMs: expect.any(Number) });
    } finally {
      await withRedis.close();
    }
  });

  it('stays 200 with Redis marked degraded when Redis does not answer (each server then counts alone)', async () => {
    // Nothing listens on port 1.
    const noRedis = await buildTestApp({ REDIS_URL: 'redis://127.0.0.1:1/0' }, { sameDatabaseAs: t });
    try {
      const res = await health(noRedis.app);
      expect(res.statusCode).toBe(200);
      const body = ZHealth.parse(res.json());
      expect(body.status).toBe('ok');
      expect(body.checks.redis).toEqual({ status: 'degraded', latencyMs: null });
      expect(body.checks.database.status).toBe('ok');
    } finally {
      await noRedis.close();
    }
  });
});

describe('the checks of jobs and feed', () => {
  const job = (overrides: Partial<ReturnType<FastifyInstance['jobs']['status']>[number]>) =>
    jobStatusBeforeFirstRun({ name: 'payouts', intervalMs: 10_000, ...overrides });

  it('calls a job lagging only past both its interval and a minute, and ignores jobs turned off', () => {
    expect(jobsCheck(true, [job({ lagMs: 59_000 })])).toEqual({
      status: 'ok',
      started: true,
      lagging: [],
      failing: [],
    });
    expect(jobsCheck(true, [job({ lagMs: 61_000 })]).lagging).toEqual(['payouts']);
    expect(jobsCheck(true, [job({ intervalMs: 3_600_000, lagMs: 120_000 })]).lagging).toEqual([]);
    expect(jobsCheck(true, [job({ enabled: false, lagMs: 600_000, lastError: 'Error' })]).status).toBe('ok');
    expect(jobsCheck(false, [job({})])).toMatchObject({ status: 'degraded', started: false });
  });

  it('counts a pair without any price as stale, and a lost feed connection as degraded', () => {
    const single = { role: 'single' as const, connected: true };
    const now = Date.parse('2030-01-01T00:00:10Z');
    /** A fresh quote of `pair`, one second before `now`. */
    const quote = (pair: TPair) => ({
      pair,
      bid: 1,
      ask: 2,
      mid: 1.5,
      changePct: 0,
      time: '2030-01-01T00:00:09Z',
      stale: false,
      source: 'simulated' as const,
    });
    const check = feedCheck([quote('BTC/USD')], single, now);
    expect(check.status).toBe('degraded');
    expect(check.lastTickAgeMs).toBe(1000);
    expect(check.stalePairs).toEqual(MARKET_PAIRS.filter((pair) => pair !== 'BTC/USD'));
    expect(feedCheck([], single, now)).toEqual({
      status: 'degraded',
      lastTickAgeMs: null,
      stalePairs: [...MARKET_PAIRS],
      ...single,
    });
    const fresh = MARKET_PAIRS.map(quote);
    expect(feedCheck(fresh, single, now).status).toBe('ok');
    expect(feedCheck(fresh, { role: 'follower', connected: false }, now)).toMatchObject({
      status: 'degraded',
      role: 'follower',
      connected: false,
    });
  });
});

/**
 * A database of this test's own, so closing it harms no other app: PGlite in memory, or a new
 * PostgreSQL database (dropped by `drop`).
 */
async function ownDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { database: await openDatabase({ dataDir: 'memory://' }), drop: async () => {} };
  const name = `meridian_health_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
  return { database, drop: () => admin(`drop database if exists ${name} with (force)`) };
}
