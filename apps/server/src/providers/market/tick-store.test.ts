import { describe, expect, it } from 'vitest';
import type { TTick } from './interface.ts';
import { TickStore } from './tick-store.ts';

const T0 = Date.UTC(2026, 0, 5, 12, 0, 0);
const btc = (offsetMs: number, bid: number, ask = bid + 2): TTick => ({
  pair: 'BTC/USD',
  bid,
  ask,
  time: T0 + offsetMs,
  source: 'simulated',
});

describe('TickStore', () => {
  it('builds 1-minute OHLC candles of the mid price', () => {
    const store = new TickStore();
    for (const tick of [btc(0, 100), btc(10_000, 110), btc(20_000, 90), btc(59_999, 104), btc(60_000, 200)]) {
      store.add(tick);
    }
    expect(store.candles('BTC/USD', T0, T0 + 60_000)).toEqual([
      { time: T0 / 1000, open: 101, high: 111, low: 91, close: 105, ticks: 4 },
      { time: T0 / 1000 + 60, open: 201, high: 201, low: 201, close: 201, ticks: 1 },
    ]);
    // Only candles starting inside the range; other pairs have none.
    expect(store.candles('BTC/USD', T0 + 1, T0 + 60_000).map((c) => c.time)).toEqual([T0 / 1000 + 60]);
    expect(store.candles('ETH/USD', T0, T0 + 60_000)).toEqual([]);
  });

  it('does not let a late tick become the close or the latest price', () => {
    const store = new TickStore();
    store.add(btc(30_000, 100));
    store.add(btc(10_000, 80));
    expect(store.candles('BTC/USD', T0, T0)).toEqual([
      { time: T0 / 1000, open: 101, high: 101, low: 81, close: 101, ticks: 2 },
    ]);
    expect(store.latest('BTC/USD')?.bid).toBe(100);
  });

  it('keeps the last N ticks per pair and candles for a fixed number of minutes', () => {
    const store = new TickStore({ ticksPerPair: 5, candleMinutes: 60 });
    for (let minute = 0; minute < 90; minute++) store.add(btc(minute * 60_000, 1000 + minute));
    expect(store.recentTicks('BTC/USD').map((t) => t.bid)).toEqual([1085, 1086, 1087, 1088, 1089]);
    expect(store.recentTicks('BTC/USD', T0 + 88 * 60_000).map((t) => t.bid)).toEqual([1088, 1089]);
    const candles = store.candles('BTC/USD', T0, T0 + 89 * 60_000);
    expect(candles).toHaveLength(60);
    expect(candles[0]?.time).toBe(T0 / 1000 + 30 * 60);
    // A tick older than what is kept is dropped rather than overwriting a newer minute.
    store.add(btc(0, 5));
    expect(store.candles('BTC/USD', T0, T0 + 89 * 60_000)[0]?.open).toBe(1031);
  });

  it('gives the open of the oldest candle since a time (for the 24 h change)', () => {
    const store = new TickStore();
    store.add(btc(0, 100));
    store.add(btc(120_000, 300));
    expect(store.openSince('BTC/USD', T0 - 3600_000, T0 + 200_000)).toBe(101);
    expect(store.openSince('BTC/USD', T0 + 1, T0 + 200_000)).toBe(301);
    expect(store.openSince('ETH/USD', T0, T0 + 200_000)).toBeUndefined();
  });

  it('takes stored candles into the minutes it does not hold yet, and leaves those it holds', () => {
    const store = new TickStore();
    store.add(btc(60_000, 300));
    const stored = (minute: number, price: number) => ({
      time: T0 / 1000 + minute * 60,
      open: price,
      high: price + 5,
      low: price - 5,
      close: price,
      ticks: 4,
    });
    store.addCandle('BTC/USD', stored(0, 90));
    store.addCandle('BTC/USD', stored(1, 80));
    expect(store.candles('BTC/USD', T0, T0 + 60_000)).toEqual([
      stored(0, 90),
      { time: T0 / 1000 + 60, open: 301, high: 301, low: 301, close: 301, ticks: 1 },
    ]);
    expect(store.openSince('BTC/USD', T0, T0 + 120_000)).toBe(90);
    // A later tick of a stored minute extends it.
    store.add(btc(30_000, 120));
    expect(store.candles('BTC/USD', T0, T0)[0]).toMatchObject({ open: 90, high: 121, close: 121, ticks: 5 });
  });
});
