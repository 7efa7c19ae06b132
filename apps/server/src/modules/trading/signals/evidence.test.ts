import type { TCandle } from '@meridian/contracts/market';
import { describe, expect, it } from 'vitest';
import { signalEvidence, type TSignalTerms } from './evidence.ts';

/** The reading of a price path, to the minute, and when it decides a result (docs/money.md, "Signals"). */

const MINUTE = 60_000;
const OPENS = Date.UTC(2030, 0, 15, 9, 0);
const CLOSES = OPENS + 30 * MINUTE;
const up: TSignalTerms = {
  entryPrice: 100,
  targetPrice: 110,
  scheduleTime: new Date(OPENS),
  closingTime: new Date(CLOSES),
};
const down: TSignalTerms = { ...up, targetPrice: 90 };

/** A candle of the minute `k` minutes after opening. */
const candle = (k: number, low: number, high: number): TCandle => ({
  time: (OPENS + k * MINUTE) / 1000,
  open: low,
  high,
  low,
  close: high,
  ticks: 1,
});
const at = (ms: number) => new Date(ms);
const iso = (ms: number) => new Date(ms).toISOString();

describe('signalEvidence', () => {
  it('before the schedule time: nothing read, no result', () => {
    expect(signalEvidence(up, [], at(OPENS - MINUTE), { price: 100, time: OPENS - MINUTE })).toEqual({
      direction: 'up',
      extremePrice: null,
      extremeTime: null,
      touchedAt: null,
      candles: 0,
      until: iso(OPENS),
      result: null,
    });
  });

  it('a touch decides a gain at once, before closing and without a fresh price', () => {
    const path = [candle(0, 100, 105), candle(3, 104, 110), candle(4, 108, 112), candle(5, 109, 112)];
    expect(signalEvidence(up, path, at(OPENS + 10 * MINUTE), null)).toEqual({
      direction: 'up',
      extremePrice: 112,
      extremeTime: iso(OPENS + 4 * MINUTE),
      touchedAt: iso(OPENS + 3 * MINUTE),
      candles: 4,
      until: iso(OPENS + 10 * MINUTE),
      result: 'gain',
    });
  });

  it('reads a down target by the lows', () => {
    const path = [candle(1, 95, 99), candle(2, 91, 96), candle(9, 89.5, 93)];
    expect(signalEvidence(down, path, at(CLOSES), null)).toMatchObject({
      direction: 'down',
      extremePrice: 89.5,
      extremeTime: iso(OPENS + 9 * MINUTE),
      touchedAt: iso(OPENS + 9 * MINUTE),
      result: 'gain',
    });
  });

  it('untouched and still open: no result yet', () => {
    const evidence = signalEvidence(up, [candle(0, 100, 109.99)], at(CLOSES - 1), { price: 105, time: CLOSES - 1 });
    expect(evidence).toMatchObject({ extremePrice: 109.99, touchedAt: null, result: null });
  });

  it('untouched and closed: a loss only on a price received at or after the closing time', () => {
    const path = [candle(0, 100, 109.99)];
    const after = at(CLOSES + 5_000);
    expect(signalEvidence(up, path, after, { price: 105, time: CLOSES }).result).toBe('loss');
    // Fresh enough to trade on, but received before the window ended: its last minute may be missing.
    expect(signalEvidence(up, path, after, { price: 105, time: CLOSES - 1 }).result).toBeNull();
    // Stale feed.
    expect(signalEvidence(up, path, after, null).result).toBeNull();
    // Read up to the closing time, whatever the time now.
    expect(signalEvidence(up, path, after, null).until).toBe(iso(CLOSES));
  });

  it('counts a minute stored and held in memory once, with its highest high', () => {
    const stored = [candle(2, 100, 104), candle(6, 101, 103)];
    const inMemory = [candle(6, 102, 110.5)];
    expect(signalEvidence(up, [...stored, ...inMemory], at(OPENS + 7 * MINUTE), null)).toMatchObject({
      extremePrice: 110.5,
      extremeTime: iso(OPENS + 6 * MINUTE),
      touchedAt: iso(OPENS + 6 * MINUTE),
      candles: 2,
      result: 'gain',
    });
  });

  it('ignores candles outside [scheduleTime, closingTime)', () => {
    const path = [candle(-1, 100, 120), candle(0, 100, 101), candle(30, 100, 120)];
    expect(signalEvidence(up, path, at(CLOSES + MINUTE), { price: 100, time: CLOSES + MINUTE })).toMatchObject({
      extremePrice: 101,
      touchedAt: null,
      candles: 1,
      result: 'loss',
    });
  });
});
