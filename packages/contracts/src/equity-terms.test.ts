import { describe, expect, it } from 'vitest';
import { equityAtLivePrices } from './equity-terms.ts';
import { marginLevel, marginState } from './margin-terms.ts';

/** The server valued a 1:5 buy of $100 at BTC 60,600 (+$5.00) and a 1:2 sell of $33.33 with no price yet. */
const answer = {
  equity: 1505.5,
  unrealisedPnl: 5,
  cash: 1400.5,
  margin: 100,
  positions: [
    {
      asset: 'BTC/USD',
      type: 'buy',
      amount: 100,
      leverage: 5,
      entryPrice: 60_000,
      priceTime: '2026-01-02T10:00:00.000Z',
      unrealisedPnl: 5,
    },
  ],
} as const;

describe('margin level', () => {
  it('is margin equity over used margin in percent, rounded down, null with no margin in use', () => {
    expect(marginLevel(10_000n, 10_000n)).toBe(100);
    expect(marginLevel(9_999n, 10_000n)).toBe(99.99);
    expect(marginLevel(4_999_999n, 10_000_000n)).toBe(49.99);
    expect(marginLevel(-1n, 3n)).toBe(-33.34);
    expect(marginLevel(100n, 0n)).toBeNull();
  });

  it('says where an account stands against the levels', () => {
    const levels = { callLevel: 100, closeOutLevel: 50 };
    expect(marginState(null, levels)).toBe('ok');
    expect(marginState(100, levels)).toBe('ok');
    expect(marginState(99.99, levels)).toBe('call');
    expect(marginState(50, levels)).toBe('call');
    expect(marginState(49.99, levels)).toBe('closeOut');
  });
});

describe('equity at live prices', () => {
  it('swaps each position’s result at the server’s price for the one at its live quote, in cents', () => {
    // BTC at 59,400: −1 % × 5 × $100 = −$5.00, so equity moves by −$10.00.
    expect(equityAtLivePrices(answer, [{ pair: 'BTC/USD', bid: 59_400, ask: 59_400, stale: false }])).toEqual({
      equity: 1495.5,
      unrealisedPnl: -5,
      // (1400.50 + 100 − 5) / 100.
      marginLevel: 1495.5,
      live: true,
      pricedAt: null,
    });
  });

  it('keeps the server’s result, and says as of when, while the quote is stale or missing', () => {
    const stale = equityAtLivePrices(answer, [{ pair: 'BTC/USD', bid: 50_000, ask: 50_000, stale: true }]);
    expect(stale).toEqual({
      equity: 1505.5,
      unrealisedPnl: 5,
      marginLevel: 1505.5,
      live: false,
      pricedAt: '2026-01-02T10:00:00.000Z',
    });
    expect(equityAtLivePrices(answer, [])).toEqual(stale);
  });

  it('is live with no open position, whatever the quotes', () => {
    expect(equityAtLivePrices({ equity: 10.01, unrealisedPnl: 0, cash: 10.01, margin: 0, positions: [] }, [])).toEqual({
      equity: 10.01,
      unrealisedPnl: 0,
      marginLevel: null,
      live: true,
      pricedAt: null,
    });
  });

  it('adds several positions exactly, with no float drift', () => {
    const sell = { ...answer.positions[0], type: 'sell', amount: 33.33, leverage: 2, unrealisedPnl: 0.1 } as const;
    const both = { equity: 100.3, unrealisedPnl: 5.1, cash: 0, margin: 133.33, positions: [answer.positions[0], sell] };
    // Buy: +$5.00 at 60,600; sell of $33.33 at 1:2: −1 % × 2 × $33.33 = −$0.6666 → −$0.67.
    expect(equityAtLivePrices(both, [{ pair: 'BTC/USD', bid: 60_600, ask: 60_600, stale: false }])).toEqual({
      equity: 99.53,
      unrealisedPnl: 4.33,
      // (0 + 133.33 + 4.33) / 133.33 = 103.2475…, rounded down.
      marginLevel: 103.24,
      live: true,
      pricedAt: null,
    });
  });
});
