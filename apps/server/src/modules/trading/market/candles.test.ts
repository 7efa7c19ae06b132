import { type TCandle, type TPair, ZCandleList } from '@meridian/contracts/market';
import { and, asc, count, eq, gte, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../../test/helpers/build-app.ts';
import type { TConfig } from '../../../config.ts';
import { marketCandles } from '../../../db/schema/trading.ts';
import type { TTick } from '../../../providers/market/interface.ts';
import { deleteCandlesBefore, mergeCandles, readCandleRows, readCandles } from './candles.repository.ts';

const MINUTE = 60_000;
const DAY = 24 * 3600_000;

/**
 * Apps whose simulated feed has no timer (MARKET_TICK_MS=0): after the history and the one tick of
 * their start, the only prices are those a test pushes, so stored candles can be checked exactly.
 * All share the database of `t`.
 */
const QUIET: Partial<TConfig> = { MARKET_TICK_MS: 0 };
/**
 * On PostgreSQL the apps of one database whose feed settings agree share one feed, which `t` leads
 * for the whole file (providers/market/shared-feed.ts); an app with another seed runs a feed of its
 * own, as every app does on the embedded database: for the tests of a feed restarting.
 */
const OWN_FEED: Partial<TConfig> = { ...QUIET, MARKET_SEED: 2 };

const t = await buildTestApp(QUIET);
const app = t.app;
afterAll(() => t.close());

/** A price whose mid is `mid` (bid and ask one unit of the pair's last decimal either side, ETH: 0.01). */
const tick = (pair: TPair, time: number, mid: number, unit = 0.01): TTick => ({
  pair,
  bid: mid - unit,
  ask: mid + unit,
  time,
  source: 'simulated',
});

/** The start of the minute `days` days ago (and `minutes` later), clear of anything the feeds write. */
const minuteAgo = (days: number, minutes = 0) => (Math.floor((Date.now() - days * DAY) / MINUTE) + minutes) * MINUTE;

const candle = (minute: number, open: number, high: number, low: number, close: number, ticks: number): TCandle => ({
  time: minute / 1000,
  open,
  high,
  low,
  close,
  ticks,
});

describe('recording the feed as 1-minute candles', () => {
  it('stores each minute of ticks as a candle: first open, highest high, lowest low, latest close, count', async () => {
    const m = minuteAgo(2);
    app.market.ticks([tick('ETH/USD', m + 1_000, 3000)]);
    app.market.ticks([tick('ETH/USD', m + 30_000, 3010)]);
    // Arrives last but was received earlier: not the close.
    app.market.ticks([tick('ETH/USD', m + 20_000, 2990)]);
    app.market.ticks([tick('ETH/USD', m + MINUTE + 5_000, 3020)]);
    await app.market.flushCandles();
    expect(await readCandles(app.db, 'ETH/USD', m, m + 2 * MINUTE)).toEqual([
      candle(m, 3000, 3010, 2990, 3010, 3),
      candle(m + MINUTE, 3020, 3020, 3020, 3020, 1),
    ]);
    const [row] = await readCandleRows(app.db, 'ETH/USD', m, m + MINUTE);
    expect(row?.closeTime.getTime()).toBe(m + 30_000);

    // More of the same minute, written later: merged into the stored candle, its open kept.
    app.market.ticks([tick('ETH/USD', m + 50_000, 2980.55)]);
    await app.market.flushCandles();
    expect(await readCandles(app.db, 'ETH/USD', m, m + MINUTE)).toEqual([candle(m, 3000, 3010, 2980.55, 2980.55, 4)]);
    // Nothing recorded since: a flush writes nothing more.
    await app.market.flushCandles();
    expect((await readCandles(app.db, 'ETH/USD', m, m + MINUTE))[0]?.ticks).toBe(4);
  });

  it('two servers writing the same minute add up instead of overwriting each other', async () => {
    const other = await buildTestApp(QUIET, { sameDatabaseAs: t });
    try {
      const m = minuteAgo(3);
      app.market.ticks([tick('ETH/USD', m + 1_000, 3100), tick('ETH/USD', m + 30_000, 3130)]);
      other.app.market.ticks([tick('ETH/USD', m + 10_000, 3090), tick('ETH/USD', m + 20_000, 3140)]);
      await app.market.flushCandles();
      await other.app.market.flushCandles();
      // The open of the first writer, the extremes of both, every tick, the close received last.
      const merged = candle(m, 3100, 3140, 3090, 3130, 4);
      expect(await readCandles(app.db, 'ETH/USD', m, m + MINUTE)).toEqual([merged]);

      // Both at once, over several minutes and pairs: nothing is lost, neither write fails.
      for (let i = 1; i <= 20; i++) {
        app.market.ticks([tick('ETH/USD', m + 40_000 + i, 3100 + i), tick('SOL/USD', m + i * 1000, 150 + i)]);
        other.app.market.ticks([tick('ETH/USD', m + 40_000 + i, 3100 - i), tick('SOL/USD', m + i * 1000, 150 - i)]);
      }
      await Promise.all([app.market.flushCandles(), other.app.market.flushCandles()]);
      const [eth] = await readCandles(app.db, 'ETH/USD', m, m + MINUTE);
      expect(eth).toMatchObject({ open: 3100, high: 3140, low: 3080, ticks: 44 });
      // Two ticks with the same time (one from each server): the close is one of them.
      expect([3120, 3080]).toContain(eth?.close);
      const [sol] = await readCandles(app.db, 'SOL/USD', m, m + MINUTE);
      expect(sol).toMatchObject({ high: 170, low: 130, ticks: 40 });

      // Either server answers the same history.
      const url = `/api/market/candles?pair=ETH%2FUSD&from=${m / 1000}&to=${m / 1000}`;
      const fromA = (await app.inject({ method: 'GET', url })).json();
      const fromB = (await other.app.inject({ method: 'GET', url })).json();
      expect(fromA.candles).toEqual([eth]);
      expect(fromB).toEqual(fromA);
    } finally {
      await other.close();
    }
  });

  it('keeps what a failed write held and stores it with the next write, logging the failure', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp(
      { ...QUIET, LOG_LEVEL: 'info' },
      { sameDatabaseAs: t, logStream: { write: (line) => void lines.push(line) } },
    );
    try {
      await logged.app.market.flushCandles(); // what it wrote at start
      const m = minuteAgo(4);
      logged.app.market.ticks([tick('ETH/USD', m + 1_000, 3200), tick('ETH/USD', m + 2_000, 3210)]);
      // The table is out of reach for a moment (a real failure of the database, not a stand-in).
      await app.db.execute(sql`alter table market_candles rename to market_candles_away`);
      try {
        await logged.app.market.flushCandles();
        logged.app.market.ticks([tick('ETH/USD', m + 3_000, 3190)]);
        await logged.app.market.flushCandles();
      } finally {
        await app.db.execute(sql`alter table market_candles_away rename to market_candles`);
      }
      const failures = lines.filter((l) => l.includes('market candles: write failed'));
      // Logged once, not at every retry.
      expect(failures).toHaveLength(1);
      expect(JSON.parse(failures[0] as string)).toMatchObject({ level: 40, pending: 1 });

      await logged.app.market.flushCandles();
      expect(await readCandles(app.db, 'ETH/USD', m, m + MINUTE)).toEqual([candle(m, 3200, 3210, 3190, 3190, 3)]);
      expect(lines.some((l) => l.includes('market candles: writing again'))).toBe(true);
    } finally {
      await logged.close();
    }
  });

  it('writes what it holds when the app closes', async () => {
    const closing = await buildTestApp(QUIET, { sameDatabaseAs: t });
    const m = minuteAgo(5);
    closing.app.market.ticks([tick('ETH/USD', m + 1_000, 3300)]);
    await closing.close();
    expect(await readCandles(app.db, 'ETH/USD', m, m + MINUTE)).toEqual([candle(m, 3300, 3300, 3300, 3300, 1)]);
  });
});

describe('restarting on stored candles', () => {
  it('walks on from the stored close, makes up only the missing history, and rewrites nothing stored', async () => {
    const first = await buildTestApp(OWN_FEED, { sameDatabaseAs: t });
    // A distinctive last close for BTC/USD, far from where the simulated walk starts (67,250).
    first.app.market.ticks([tick('BTC/USD', Date.now() + 1, 50_000, 1)]);
    await first.close();

    // SOL/USD: its stored history ends about 10 minutes ago (what came after is removed).
    const solEnd = minuteAgo(0, -10);
    await app.db
      .delete(marketCandles)
      .where(and(eq(marketCandles.pair, 'SOL/USD'), gte(marketCandles.minute, new Date(solEnd))));
    // XRP/USD: its last stored candle is three days old, longer ago than the history made at start.
    const xrpOld = minuteAgo(3);
    await app.db.delete(marketCandles).where(eq(marketCandles.pair, 'XRP/USD'));
    await mergeCandles(app.db, [
      {
        pair: 'XRP/USD',
        minute: new Date(xrpOld),
        open: 0.5,
        high: 0.5,
        low: 0.5,
        close: 0.5,
        ticks: 1,
        closeTime: new Date(xrpOld + 1_000),
      },
    ]);
    const everything = () =>
      app.db.select().from(marketCandles).orderBy(asc(marketCandles.pair), asc(marketCandles.minute));
    const before = await everything();

    const startingAt = Date.now();
    const second = await buildTestApp({ ...OWN_FEED, MARKET_HISTORY_MINUTES: 30 }, { sameDatabaseAs: t });
    try {
      await second.app.market.flushCandles();
      const startedAt = Date.now();
      // The walk goes on from the stored close (one step of a second away), not from its start.
      expect(Math.abs((second.app.market.quote('BTC/USD')?.mid ?? 0) - 50_000)).toBeLessThan(100);
      expect(Math.abs((second.app.market.quote('XRP/USD')?.mid ?? 0) - 0.5)).toBeLessThan(0.02);

      // Every candle stored before is as it was, except the minutes the new server's ticks continue
      // (each pair's current minute): their open stays, they only gain.
      const after = new Map((await everything()).map((r) => [`${r.pair} ${r.minute.getTime()}`, r]));
      const current = Math.floor(startedAt / MINUTE) * MINUTE;
      for (const row of before) {
        const now = after.get(`${row.pair} ${row.minute.getTime()}`);
        if (row.minute.getTime() < current - MINUTE)
          expect(now, `${row.pair} ${row.minute.toISOString()}`).toEqual(row);
        else expect(now).toMatchObject({ open: row.open });
      }

      // SOL/USD: history made for the gap only, walking on from its last stored close.
      const sol = await readCandleRows(app.db, 'SOL/USD', solEnd, Math.floor(startingAt / MINUTE) * MINUTE);
      expect(sol.length).toBeGreaterThanOrEqual(9);
      expect(sol.every((r) => r.ticks <= 4)).toBe(true);
      const solLast = before.filter((r) => r.pair === 'SOL/USD').at(-1);
      expect(Math.abs((sol[0]?.open ?? 0) - (solLast?.close ?? 0)) / (solLast?.close ?? 1)).toBeLessThan(0.01);

      // XRP/USD: three days missing, only the last 30 minutes made up (MARKET_HISTORY_MINUTES).
      const xrp = await readCandleRows(app.db, 'XRP/USD', xrpOld + MINUTE, current + MINUTE);
      expect(xrp.length).toBeGreaterThanOrEqual(30);
      expect(xrp.length).toBeLessThanOrEqual(32);
      expect(xrp[0]?.minute.getTime()).toBeGreaterThanOrEqual(current - 31 * MINUTE);
      expect(Math.abs((xrp[0]?.open ?? 0) - 0.5)).toBeLessThan(0.02);
    } finally {
      await second.close();
    }
  });

  it('measures the 24-hour change against the stored candle of a day ago', async () => {
    const dayAgo = minuteAgo(1, 2);
    await mergeCandles(app.db, [
      {
        pair: 'EUR/USD',
        minute: new Date(dayAgo),
        open: 1,
        high: 1.001,
        low: 0.999,
        close: 1,
        ticks: 4,
        closeTime: new Date(dayAgo + 45_000),
      },
    ]);
    const restarted = await buildTestApp(OWN_FEED, { sameDatabaseAs: t });
    try {
      // The stored day is read in the background once the feed runs.
      await vi.waitFor(() => expect(restarted.app.market.quote('EUR/USD')?.changePct).toBeGreaterThan(5));
      const quote = restarted.app.market.quote('EUR/USD');
      expect(quote?.changePct).toBe(Math.round(((quote?.mid ?? 0) - 1) * 10_000) / 100);
    } finally {
      await restarted.close();
    }
  });

  it('answers stored candles from a server that did not record them, up to the last tick received', async () => {
    const m = minuteAgo(6);
    const first = await buildTestApp(QUIET, { sameDatabaseAs: t });
    first.app.market.ticks([tick('ETH/USD', m + 1_000, 3400), tick('ETH/USD', m + 59_000, 3401)]);
    first.app.market.ticks([tick('ETH/USD', m + MINUTE, 3402)]);
    await first.close();

    const second = await buildTestApp(QUIET, { sameDatabaseAs: t });
    try {
      const res = await second.app.inject({
        method: 'GET',
        url: `/api/market/candles?pair=ETH%2FUSD&from=${m / 1000}&to=${m / 1000 + 60}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().candles).toEqual([
        candle(m, 3400, 3401, 3400, 3401, 2),
        candle(m + MINUTE, 3402, 3402, 3402, 3402, 1),
      ]);

      // The chart's last candle is the minute in progress, with the price just received.
      const now = Date.now();
      second.app.market.ticks([tick('BTC/USD', now, 61_234.5, 0.5)]);
      const day = ZCandleList.parse(
        (await second.app.inject({ method: 'GET', url: '/api/market/candles?pair=BTC%2FUSD' })).json(),
      );
      expect(day.candles.at(-1)).toMatchObject({ time: Math.floor(now / MINUTE) * 60, close: 61_234.5 });
      // Half an hour of history at first start (the test apps' MARKET_HISTORY_MINUTES), and what came since.
      expect(day.candles.length).toBeGreaterThanOrEqual(30);
    } finally {
      await second.close();
    }
  });
});

describe('the market-candles job', () => {
  it('deletes the candles older than MARKET_CANDLE_RETENTION_DAYS and nothing newer', async () => {
    const keeper = await buildTestApp({ ...QUIET, MARKET_CANDLE_RETENTION_DAYS: 10 }, { sameDatabaseAs: t });
    try {
      // Its first run, at start, is done.
      await vi.waitFor(() =>
        expect(keeper.app.jobs.status().find((j) => j.name === 'market-candles')?.lastRunAt).not.toBeNull(),
      );
      const row = (minute: number, pair: TPair = 'AUD/USD') => ({
        pair,
        minute: new Date(minute),
        open: 0.65,
        high: 0.66,
        low: 0.64,
        close: 0.65,
        ticks: 4,
        closeTime: new Date(minute + 59_000),
      });
      const old = [minuteAgo(40), minuteAgo(11), minuteAgo(10, -2), minuteAgo(10, -1)];
      const kept = [minuteAgo(10, 2), minuteAgo(9), minuteAgo(1)];
      await mergeCandles(
        keeper.app.db,
        [...old, ...kept].map((m) => row(m)),
      );
      await mergeCandles(keeper.app.db, [row(minuteAgo(12), 'GBP/USD')]);
      const stored = async () => (await keeper.app.db.select({ n: count() }).from(marketCandles))[0]?.n;
      const total = (await stored()) ?? 0;

      expect(await keeper.app.jobs.runNow('market-candles')).toBe(old.length + 1);
      expect(await stored()).toBe(total - old.length - 1);
      // (The simulated history of the last half hour aside.)
      const left = await readCandles(keeper.app.db, 'AUD/USD', minuteAgo(41), minuteAgo(1, 1));
      expect(left.map((c) => c.time * 1000)).toEqual(kept);
      expect(await keeper.app.jobs.runNow('market-candles')).toBe(0);
    } finally {
      await keeper.close();
    }
  });

  it('deletes in batches of a set size, however many are due', async () => {
    const minutes = [minuteAgo(50), minuteAgo(50, 1), minuteAgo(50, 2)];
    await mergeCandles(
      app.db,
      minutes.map((m) => ({
        pair: 'USD/CHF',
        minute: new Date(m),
        open: 0.9,
        high: 0.9,
        low: 0.9,
        close: 0.9,
        ticks: 1,
        closeTime: new Date(m),
      })),
    );
    const before = new Date(minuteAgo(49));
    expect(await deleteCandlesBefore(app.db, before, 2)).toBe(2);
    expect(await deleteCandlesBefore(app.db, before, 2)).toBe(1);
    expect(await deleteCandlesBefore(app.db, before, 2)).toBe(0);
  });
});
