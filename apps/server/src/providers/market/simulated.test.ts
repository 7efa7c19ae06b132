import { MARKET_PAIRS, PAIR_DECIMALS, type TPair, type TQuote } from '@meridian/contracts/market';
import { describe, expect, it } from 'vitest';
import type { TFeedSink, TTick } from './interface.ts';
import { MarketData } from './market-data.ts';
import { SimulatedFeed } from './simulated.ts';

const T0 = Date.UTC(2026, 0, 5, 12, 0, 0);
const MINUTE = 60_000;

function collect(): TFeedSink & { batches: TTick[][] } {
  const batches: TTick[][] = [];
  return { batches, ticks: (batch) => batches.push([...batch]), status() {} };
}

const hasDecimals = (value: number, decimals: number) => Number(value.toFixed(decimals)) === value;

describe('SimulatedFeed', () => {
  it('gives the same prices for the same seed and different ones for another', () => {
    const run = (seed: number) => {
      let now = T0;
      const feed = new SimulatedFeed({ seed, intervalMs: 0, clock: () => now });
      const sink = collect();
      feed.start(sink);
      for (let i = 0; i < 50; i++) {
        now += 1000;
        feed.step();
      }
      return sink.batches;
    };
    expect(run(7)).toEqual(run(7));
    expect(run(7)).not.toEqual(run(8));
  });

  it('ticks every pair once per step, with the pair decimals and bid below ask, near realistic prices', () => {
    let now = T0;
    const feed = new SimulatedFeed({ seed: 3, intervalMs: 0, clock: () => now });
    const sink = collect();
    feed.start(sink);
    for (let i = 0; i < 1200; i++) {
      now += 1000;
      feed.step();
    }
    expect(sink.batches).toHaveLength(1201);
    for (const batch of sink.batches) {
      expect(batch.map((t) => t.pair)).toEqual([...MARKET_PAIRS]);
      for (const tick of batch) {
        const decimals = PAIR_DECIMALS[tick.pair];
        expect(hasDecimals(tick.bid, decimals), `${tick.pair} ${tick.bid}`).toBe(true);
        expect(hasDecimals(tick.ask, decimals), `${tick.pair} ${tick.ask}`).toBe(true);
        expect(tick.bid).toBeLessThan(tick.ask);
        expect(tick.source).toBe('simulated');
      }
    }
    // After 20 minutes the walk is still within a plausible band of where it started.
    const last = new Map(sink.batches.at(-1)?.map((t) => [t.pair, t.bid]));
    expect(last.get('BTC/USD')).toBeGreaterThan(60_000);
    expect(last.get('BTC/USD')).toBeLessThan(75_000);
    expect(last.get('EUR/USD')).toBeGreaterThan(1.05);
    expect(last.get('EUR/USD')).toBeLessThan(1.12);
    expect(last.get('USD/JPY')).toBeGreaterThan(145);
  });

  it('makes a day of history at start so charts are full at once', async () => {
    const now = T0;
    const market = new MarketData({
      feed: new SimulatedFeed({ intervalMs: 0, historyMinutes: 24 * 60, clock: () => now }),
      clock: () => now,
      staleCheckMs: 0,
    });
    await market.start();
    const candles = market.candles('BTC/USD', now - 24 * 3600_000, now);
    expect(candles).toHaveLength(24 * 60 + 1);
    expect(candles.slice(0, -1).every((c) => c.ticks === 4 && c.low <= c.open && c.open <= c.high)).toBe(true);
    const quotes = market.quotes();
    expect(quotes.map((q: TQuote) => q.pair)).toEqual([...MARKET_PAIRS]);
    expect(quotes.every((q) => !q.stale && q.source === 'simulated' && q.time === new Date(now).toISOString())).toBe(
      true,
    );
    // The change is measured against the price 24 hours ago.
    const btc = quotes[0] as TQuote;
    const open = candles[0]?.open as number;
    expect(btc.changePct).toBe(Math.round(((btc.mid - open) / open) * 10_000) / 100);
  });

  it('answers a candle query: to defaults to now, from to 24 hours before to, both in Unix seconds', async () => {
    const now = T0;
    const market = new MarketData({
      feed: new SimulatedFeed({ intervalMs: 0, historyMinutes: 25 * 60, clock: () => now }),
      clock: () => now,
      staleCheckMs: 0,
    });
    await market.start();
    const day = await market.candleList({ pair: 'ETH/USD' });
    expect(day).toMatchObject({ pair: 'ETH/USD', interval: '1m' });
    expect(day.candles).toEqual(market.candles('ETH/USD', now - 24 * 3600_000, now));
    expect(day.candles[0]?.time).toBe((now - 24 * 3600_000) / 1000);
    expect(day.candles.at(-1)?.time).toBe(now / 1000);

    const to = now / 1000 - 3600;
    const before = await market.candleList({ pair: 'ETH/USD', to });
    expect(before.candles).toEqual(market.candles('ETH/USD', (to - 24 * 3600) * 1000, to * 1000));
    expect(before.candles.at(-1)?.time).toBe(to);
    const hour = await market.candleList({ pair: 'ETH/USD', from: to - 3600, to });
    expect(hour.candles.map((c) => c.time)).toEqual(before.candles.slice(-61).map((c) => c.time));
    // At most 24 hours are answered: the latest part of a longer range.
    const long = await market.candleList({ pair: 'ETH/USD', from: to - 2 * 24 * 3600, to });
    expect(long.candles).toEqual(before.candles);
    expect(market.quoteList()).toEqual({ quotes: market.quotes() });
  });

  it('resumes each pair from its stored price, making up history only for the gap since it', () => {
    const now = T0;
    const resume = new Map([
      // Stored until 9 min 55 s ago: history fills the 39 quarter-minutes after it.
      ['BTC/USD', { price: 50_000, time: now - 595_000 }],
      // Stored until three days ago: history covers the last hour only (historyMinutes).
      ['EUR/USD', { price: 1.2, time: now - 3 * 24 * 3600_000 }],
    ] as const);
    const feed = new SimulatedFeed({ seed: 5, intervalMs: 0, historyMinutes: 60, clock: () => now });
    const received: { kind: string; batch: TTick[] }[] = [];
    feed.start({ ticks: (batch, kind = 'live') => received.push({ kind, batch: [...batch] }), status() {} }, resume);
    const history = received.filter((r) => r.kind === 'history').flatMap((r) => r.batch);
    const live = received.filter((r) => r.kind === 'live').flatMap((r) => r.batch);
    const of = (ticks: TTick[], pair: TPair) => ticks.filter((t) => t.pair === pair);
    const btc = of(history, 'BTC/USD');
    expect(btc).toHaveLength(39);
    expect(btc.every((t) => t.time > now - 595_000 && t.time < now)).toBe(true);
    // A walk on from the stored price, not from the profile's start (67,250).
    expect(Math.abs((btc[0] as TTick).bid - 50_000)).toBeLessThan(250);
    const eur = of(history, 'EUR/USD');
    expect(eur).toHaveLength(240);
    expect(eur[0]?.time).toBe(now - 60 * MINUTE);
    expect(Math.abs((eur[0] as TTick).bid - 1.2)).toBeLessThan(0.005);
    // A pair with nothing stored gets the whole hour, from its profile's start.
    const eth = of(history, 'ETH/USD');
    expect(eth).toHaveLength(240);
    expect(Math.abs((eth[0] as TTick).bid - 3_480)).toBeLessThan(20);
    // Then the live tick of every pair, at start.
    expect(live.map((t) => t.pair)).toEqual([...MARKET_PAIRS]);
    expect(live.every((t) => t.time === now)).toBe(true);
  });

  it('ticks on its own timer once started, and not after stop', async () => {
    const feed = new SimulatedFeed({ intervalMs: 5 });
    const sink = collect();
    feed.start(sink);
    // Waits for the ticks rather than a fixed time: a busy machine delays timers.
    for (let waited = 0; sink.batches.length <= 3 && waited < 5_000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await feed.stop();
    const count = sink.batches.length;
    expect(count).toBeGreaterThan(3);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(sink.batches.length).toBe(count);
  });
});
