import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIVE_TOPICS } from '@meridian/contracts/live-terms';
import type { TQuote } from '@meridian/contracts/market';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { signedInUser, type TSignedIn } from './helpers/factories.ts';
import { openLiveStream, type TLiveStream } from './helpers/live-stream.ts';
import { startOwnPostgres, type TOwnPostgres } from './helpers/own-services.ts';

/**
 * A PostgreSQL outage degrades the server, it does not black it out (docs/operations.md, "Health"):
 * with the database stopped, the built web app and the last known prices (marked stale) are still
 * served, every API route that needs the database answers a clean 503 with `Retry-After` (never a
 * 500), readiness is 503 and liveness 200; once the database is back, money requests work again and
 * prices are fresh again. The test runs a PostgreSQL server of its own, which it stops and starts.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds (or throws its last failure after `ms`). */
async function eventually(check: () => Promise<void>, ms: number): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > until) throw err;
      await sleep(200);
    }
  }
}

describe('a PostgreSQL outage', () => {
  let postgres: TOwnPostgres;
  let database: Database;
  let app: FastifyInstance;
  let admin: TSignedIn;
  let client: TSignedIn;
  let clientId = '';
  let webDist = '';
  let url = '';
  let stream: TLiveStream | undefined;

  beforeAll(async () => {
    postgres = await startOwnPostgres();
    webDist = mkdtempSync(join(tmpdir(), 'meridian-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Meridian</title><div id="root"></div>');
    writeFileSync(join(webDist, 'assets', 'app-0123abcd.js'), 'console.log("meridian");');
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
      { WEB_DIST: webDist, MARKET_HISTORY_MINUTES: 5, MARKET_STALE_SECONDS: 2, MARKET_TICK_MS: 250 },
    );
    database = await openDatabase({ databaseUrl: postgres.url, dataDir: 'memory://' });
    app = await buildApp({ config, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    url = `http://127.0.0.1:${address.port}`;
    admin = await signedInUser(app, 'Admin');
    client = await signedInUser(app, 'Client');
    clientId = client.id;
  }, 180_000);

  afterAll(async () => {
    stream?.close();
    await app?.close();
    await database?.close();
    await postgres?.remove();
    if (webDist) rmSync(webDist, { recursive: true, force: true });
  }, 60_000);

  const quotes = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/market/quotes' });
    expect(res.statusCode).toBe(200);
    return res.json<{ quotes: TQuote[] }>().quotes;
  };
  const fund = (amount: string) =>
    app.inject({
      method: 'POST',
      url: `/api/user/fund/${clientId}`,
      headers: admin.headers,
      payload: { amount, reason: 'Goodwill credit' },
    });
  const balance = async () => {
    const res = await app.inject({ method: 'GET', url: `/api/balance/${clientId}`, headers: client.headers });
    expect(res.statusCode).toBe(200);
    return res.json<{ balance: string }>().balance;
  };

  it('keeps pages and stale prices, answers 503 with Retry-After, and recovers', async () => {
    await eventually(async () => expect((await quotes()).every((q) => !q.stale)).toBe(true), 30_000);
    expect((await fund('10.00')).statusCode).toBe(200);
    const before = await balance();
    // The client's live account stream, open across the outage.
    stream = await openLiveStream(url, client.token);
    expect(stream.status).toBe(200);

    await postgres.stop();
    const seen = new Map<string, Set<number>>();
    const note = (what: string, status: number) => {
      const set = seen.get(what) ?? new Set<number>();
      set.add(status);
      seen.set(what, set);
    };
    // Several rounds over the routes while the database is away, long enough for the prices to turn stale.
    const outageEnds = Date.now() + 6000;
    let staleQuotes: TQuote[] = [];
    while (Date.now() < outageEnds) {
      const routes: [string, () => ReturnType<typeof fund>][] = [
        ['home', () => app.inject({ method: 'GET', url: '/' })],
        ['page', () => app.inject({ method: 'GET', url: '/user/dashboard' })],
        ['asset', () => app.inject({ method: 'GET', url: '/assets/app-0123abcd.js' })],
        ['live', () => app.inject({ method: 'GET', url: '/api/health/live' })],
        ['ready', () => app.inject({ method: 'GET', url: '/api/health' })],
        ['quotes', () => app.inject({ method: 'GET', url: '/api/market/quotes' })],
        ['content', () => app.inject({ method: 'GET', url: '/api/content?lang=en' })],
        ['methods', () => app.inject({ method: 'GET', url: '/api/depositmethod' })],
        ['balance', () => app.inject({ method: 'GET', url: `/api/balance/${clientId}`, headers: client.headers })],
        ['fund', () => fund('1.00')],
        [
          'login',
          () =>
            app.inject({
              method: 'POST',
              url: '/api/login',
              payload: { email: client.email, password: 'x'.repeat(9) },
            }),
        ],
      ];
      const answers = await Promise.all(routes.map(async ([what, call]) => [what, await call()] as const));
      for (const [what, res] of answers) {
        note(what, res.statusCode);
        expect(res.statusCode, `${what}: ${res.body}`).not.toBe(500);
        if (res.statusCode === 503 && what !== 'ready') {
          expect(res.headers['retry-after'], what).toMatch(/^\d+$/);
          expect(res.json()).toMatchObject({
            error: 'SERVICE_UNAVAILABLE',
            key: 'errors.serviceUnavailable',
            params: {},
            message: expect.any(String),
          });
        }
        if (what === 'quotes') staleQuotes = res.json<{ quotes: TQuote[] }>().quotes;
      }
      await sleep(300);
    }
    expect([...(seen.get('home') ?? [])]).toEqual([200]);
    expect([...(seen.get('page') ?? [])]).toEqual([200]);
    expect([...(seen.get('asset') ?? [])]).toEqual([200]);
    expect([...(seen.get('live') ?? [])]).toEqual([200]);
    expect([...(seen.get('ready') ?? [])]).toEqual([503]);
    expect([...(seen.get('quotes') ?? [])]).toEqual([200]);
    expect([...(seen.get('content') ?? [])]).toEqual([200]);
    for (const what of ['methods', 'balance', 'fund', 'login'])
      expect([...(seen.get(what) ?? [])], what).toEqual([503]);
    // The last known prices, every one marked stale: nothing opens or closes on them.
    expect(staleQuotes.length).toBeGreaterThan(0);
    expect(staleQuotes.every((q) => q.stale && q.bid > 0)).toBe(true);

    // Its LISTEN connection lost, the server may have missed other servers' changes: once it listens
    // again, the stream is told to refetch every topic (positions included, which nothing here changed).
    const resynced = stream.next('positions', 60_000);
    await postgres.start();
    await eventually(async () => {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    }, 30_000);
    await eventually(async () => {
      const res = await fund('5.00');
      expect(res.statusCode, res.body).toBe(200);
    }, 30_000);
    // Only the credit after the outage went through: the refused ones moved nothing.
    expect(Number(await balance())).toBeCloseTo(Number(before) + 5, 2);
    await eventually(async () => expect((await quotes()).every((q) => !q.stale)).toBe(true), 60_000);
    expect(await resynced).toEqual(expect.arrayContaining([...LIVE_TOPICS]));
    // The same stream, never ended: it heard of the gap instead of dropping the reader.
    expect(await Promise.race([stream.ended.then(() => 'ended'), Promise.resolve('open')])).toBe('open');
  }, 180_000);
});
