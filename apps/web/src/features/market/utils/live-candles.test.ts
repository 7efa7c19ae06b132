import { describe, expect, it } from 'vitest';
import { candleWithPrice, minuteOf } from './live-candles';

describe('candleWithPrice', () => {
  const last = { time: 600, open: 10, high: 12, low: 9, close: 11 };

  it('widens the last candle with a price in the same minute', () => {
    expect(candleWithPrice(last, 13, 600)).toEqual({ time: 600, open: 10, high: 13, low: 9, close: 13 });
    expect(candleWithPrice(last, 8, 600)).toEqual({ time: 600, open: 10, high: 12, low: 8, close: 8 });
  });

  it('opens a new candle at the price when a new minute begins', () => {
    expect(candleWithPrice(last, 11.5, 660)).toEqual({ time: 660, open: 11.5, high: 11.5, low: 11.5, close: 11.5 });
    expect(candleWithPrice(undefined, 5, 60)).toEqual({ time: 60, open: 5, high: 5, low: 5, close: 5 });
  });

  it('ignores a price from before the last candle', () => {
    expect(candleWithPrice(last, 50, 540)).toBeNull();
  });
});

describe('minuteOf', () => {
  it('is the start of the minute in Unix seconds', () => {
    expect(minuteOf('2026-01-01T00:01:59.900Z')).toBe(Date.UTC(2026, 0, 1, 0, 1) / 1000);
  });
});
