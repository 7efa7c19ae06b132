import { MARKET_PAIRS, type TQuote } from '@meridian/contracts/market';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-app.ts';
import type { TConfig } from '../../config.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { lastClose, mergeCandles, readCandles } from '../../modules/trading/market/candles.repository.ts';
import { APPLICATION_NAME } from './shared-feed.ts';

/**
 * One feed for every server on one PostgreSQL database (docs/architecture.md, "One feed for every
 * server"): apps on the same database, each with its own MarketData, as servers behind one load
 * balancer. On the embedded database (one process) an app runs its feed alone, as before.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);
const MINUTE = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The feed connections on the database, and whether each holds a feed's lead (its advisory lock). */
function feedSessions(db: Db) {
  return queryRows<{ pid: number; leads: boolean }>(
    db,
    sql`select s.pid, exists (
          select 1 from pg_locks l where l.pid = s.pid and l.locktype = 'advisory' and l.granted
        ) as leads
        from pg_stat_activity s
        where s.datname = current_database() and s.application_name = ${APPLICATION_NAME}`,
  );
}

const quotesOf = (t: TestApp): TQuote[] => t.app.market.quotes();
const role = (t: TestApp) => t.app.market.feedState().role;

describe.skipIf(onPostgres)('on the embedded database', () => {
  it('an app runs its own feed, as the one process on its database', async () => {
    const t = await buildTestApp({ MARKET_TICK_MS: 0, MARKET_HISTORY_MINUTES: 0 });
    try {
      expect(t.app.market.feedState()).toEqual({ role: 'single', connected: true, lastTickAgeMs: expect.any(Number) });
      expect(quotesOf(t)).toHaveLength(MARKET_PAIRS.length);
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(!onPostgres)('one feed for every server on PostgreSQL (skipped without DATABASE_URL)', () => {
  /** Owns the test database; its feed has settings of its own (another seed), so it is not one of the servers below. */
  let owner: TestApp;
  let ownerFeedPid: number | undefined;
  beforeAll(async () => {
    owner = await buildTestApp({ MARKET_TICK_MS: 0, MARKET_HISTORY_MINUTES: 0, MARKET_SEED: 99 });
    ownerFeedPid = (await feedSessions(owner.app.db))[0]?.pid;
  });
  afterAll(() => owner.close());

  describe('two servers, the leader ticking every 100 ms', () => {
    const TICKING: Partial<TConfig> = { MARKET_TICK_MS: 100, MARKET_HISTORY_MINUTES: 0 };
    let a: TestApp;
    let b: TestApp;
    let quotesOfBAtReady: TQuote[];
    beforeAll(async () => {
      a = await buildTestApp(TICKING, { sameDatabaseAs: owner });
      // A stored candle of nearly a day ago that only b reads at its start: left to their own memory,
      // the two would measure ETH's 24-hour change against different prices.
      const dayAgo = (Math.floor(Date.now() / MINUTE) - 23 * 60) * MINUTE;
      await mergeCandles(owner.app.db, [
        {
          pair: 'ETH/USD',
          minute: new Date(dayAgo),
          ...{ open: 1000, high: 1000, low: 1000, close: 1000, ticks: 1 },
          closeTime: new Date(dayAgo + 1000),
        },
      ]);
      b = await buildTestApp(TICKING, { sameDatabaseAs: owner });
      quotesOfBAtReady = quotesOf(b);
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('has exactly one leader; the other follows, holding the leader prices from its start', async () => {
      expect(a.app.market.feedState()).toMatchObject({ role: 'leader', connected: true });
      expect(b.app.market.feedState()).toMatchObject({ role: 'follower', connected: true });
      expect(quotesOfBAtReady.map((q) => q.pair)).toEqual([...MARKET_PAIRS]);
      // The database agrees: the owner's feed and a's lead, b only listens.
      const sessions = await feedSessions(owner.app.db);
      expect(sessions).toHaveLength(3);
      expect(sessions.filter((s) => s.leads)).toHaveLength(2);
      expect(b.app.market.feedState().lastTickAgeMs).toBeLessThan(1000);
    });

    it('serves the same quotes on both (bid, ask, time, change), tick by tick', async () => {
      await vi.waitFor(() => expect(quotesOf(b)).toEqual(quotesOf(a)), { timeout: 3000, interval: 5 });
      expect(Math.abs(b.app.market.quote('ETH/USD')?.changePct ?? 0)).toBeLessThan(50);
      await vi.waitFor(
        async () => {
          const [fromA, fromB] = await Promise.all(
            [a, b].map(async (t) => (await t.app.inject({ method: 'GET', url: '/api/market/quotes' })).json()),
          );
          expect(fromB).toEqual(fromA);
        },
        { timeout: 3000, interval: 5 },
      );

      // Every tick of the last second, not only the latest: the same prices with the leader's times.
      const since = Date.now();
      await sleep(1000);
      for (const pair of MARKET_PAIRS) {
        const upTo = Math.min(a.app.market.store.latest(pair)?.time ?? 0, b.app.market.store.latest(pair)?.time ?? 0);
        const seen = (t: TestApp) =>
          t.app.market.store
            .recentTicks(pair, since)
            .filter((tick) => tick.time <= upTo)
            .map(({ bid, ask, time, source }) => ({ bid, ask, time, source }));
        expect(seen(a).length, pair).toBeGreaterThanOrEqual(5);
        expect(seen(b), pair).toEqual(seen(a));
      }
    });

    it('stores each tick in the candles once (the leader writes them), and both servers answer the same candles', async () => {
      const pair = 'ETH/USD';
      const ticksIn = (t: TestApp, minute: number) => t.app.market.candles(pair, minute, minute)[0]?.ticks ?? 0;
      await vi.waitFor(
        async () => {
          const minute = Math.floor(Date.now() / MINUTE) * MINUTE;
          const before = ticksIn(a, minute);
          await Promise.all([a, b, owner].map((t) => t.app.market.flushCandles()));
          const [stored] = await readCandles(owner.app.db, pair, minute, minute + MINUTE);
          const after = ticksIn(a, minute);
          expect(Math.floor(Date.now() / MINUTE) * MINUTE, 'still the same minute').toBe(minute);
          expect(before).toBeGreaterThanOrEqual(5);
          // The ticks the leader had before writing, at least, and none it had not seen by the end (the
          // owner's own start tick aside): a follower writing them too would double them.
          const written = (stored?.ticks ?? 0) - ticksIn(owner, minute);
          expect(written).toBeGreaterThanOrEqual(before);
          expect(written).toBeLessThanOrEqual(after);
        },
        { timeout: 10_000, interval: 100 },
      );

      await vi.waitFor(
        async () => {
          const url = `/api/market/candles?pair=ETH%2FUSD&from=${Math.floor(Date.now() / 1000) - 3600}`;
          const [fromA, fromB] = await Promise.all(
            [a, b].map(async (t) => (await t.app.inject({ method: 'GET', url })).json()),
          );
          expect(fromB.candles.length).toBeGreaterThan(0);
          expect(fromB).toEqual(fromA);
        },
        { timeout: 3000, interval: 20 },
      );
    });

    it('a follower whose connection drops reconnects and receives the prices again', async () => {
      const follower = (await feedSessions(owner.app.db)).find((s) => !s.leads);
      expect(follower).toBeDefined();
      await owner.app.db.execute(sql`select pg_terminate_backend(${follower?.pid})`);
      await vi.waitFor(
        async () => {
          const pids = (await feedSessions(owner.app.db)).map((s) => s.pid);
          expect(pids).not.toContain(follower?.pid);
          expect(pids).toHaveLength(3);
          expect(b.app.market.feedState()).toMatchObject({ role: 'follower', connected: true });
        },
        { timeout: 5000, interval: 50 },
      );
      await vi.waitFor(() => expect(quotesOf(b)).toEqual(quotesOf(a)), { timeout: 3000, interval: 5 });
      expect(role(a)).toBe('leader');
    });

    it('when the leader loses its connection, one server leads again, never two, and both serve the same fresh prices', async () => {
      const leader = (await feedSessions(owner.app.db)).find((s) => s.leads && s.pid !== ownerFeedPid);
      expect(leader).toBeDefined();
      await owner.app.db.execute(sql`select pg_terminate_backend(${leader?.pid})`);
      const endAt = Date.now() + 4000;
      let mostLeaders = 0;
      while (Date.now() < endAt) {
        mostLeaders = Math.max(mostLeaders, [a, b].filter((t) => role(t) === 'leader').length);
        await sleep(10);
      }
      expect(mostLeaders).toBe(1);
      expect([a, b].filter((t) => role(t) === 'leader')).toHaveLength(1);
      for (const t of [a, b]) expect(t.app.market.feedState().connected).toBe(true);
      await vi.waitFor(() => expect(quotesOf(b)).toEqual(quotesOf(a)), { timeout: 3000, interval: 5 });
      for (const t of [a, b]) expect(t.app.market.feedState().lastTickAgeMs).toBeLessThan(1000);
    });
  });

  describe('the leader closes', () => {
    /** A feed that ticks only at its start: every price is the one a test can see. */
    const QUIET: Partial<TConfig> = { MARKET_TICK_MS: 0, MARKET_HISTORY_MINUTES: 0, MARKET_SEED: 3 };

    it('another server takes the lead within seconds and walks on from the last stored candle', async () => {
      const c = await buildTestApp(QUIET, { sameDatabaseAs: owner });
      let cOpen = true;
      const d = await buildTestApp(QUIET, { sameDatabaseAs: owner });
      let e: TestApp | undefined;
      try {
        expect([role(c), role(d)]).toEqual(['leader', 'follower']);
        expect(quotesOf(d)).toEqual(quotesOf(c));

        // A distinctive last price on the leader, far from the walk's, then the leader closes.
        c.app.market.ticks([{ pair: 'BTC/USD', bid: 49_999, ask: 50_001, time: Date.now(), source: 'simulated' }]);
        const eurBefore = c.app.market.quote('EUR/USD')?.mid ?? 0;
        const closingAt = Date.now();
        await c.close();
        cOpen = false;
        // It wrote what it had before letting go.
        expect(Math.abs(((await lastClose(owner.app.db, 'BTC/USD'))?.close ?? 0) - 50_000)).toBeLessThan(100);

        // The new leader's first prices (made after the leader closed) arrive within seconds.
        await vi.waitFor(
          () => {
            expect(role(d)).toBe('leader');
            expect(Date.parse(d.app.market.quote('BTC/USD')?.time ?? '')).toBeGreaterThanOrEqual(closingAt);
          },
          { timeout: 5000, interval: 20 },
        );
        expect(Date.now() - closingAt).toBeLessThan(3000);
        // Its feed walks on from the stored closes: one step of a second from them, not from the walk's start.
        const btc = d.app.market.quote('BTC/USD');
        expect(Math.abs((btc?.mid ?? 0) - 50_000)).toBeLessThan(100);
        expect(Math.abs((d.app.market.quote('EUR/USD')?.mid ?? 0) - eurBefore) / eurBefore).toBeLessThan(0.001);
        // And the new leader records: its price is the stored close now.
        await d.app.market.flushCandles();
        expect((await lastClose(owner.app.db, 'BTC/USD'))?.close).toBe(btc?.mid);

        // A server joining now follows the new leader and holds its prices at once.
        e = await buildTestApp(QUIET, { sameDatabaseAs: owner });
        expect(role(e)).toBe('follower');
        expect(quotesOf(e)).toEqual(quotesOf(d));
      } finally {
        await e?.close();
        await d.close();
        if (cOpen) await c.close();
      }
    });
  });
});
