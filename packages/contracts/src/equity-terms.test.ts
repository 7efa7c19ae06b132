import { describe, expect, it } from 'vitest';
import { equityAtLivePrices } from './equity-terms.ts';

/** The server valued a 1:5 buy of $100 at BTC 60,600 (+$5.00) and a 1:2 sell of $33.33 with no price yet. */
const answer = {
  equity: 1505.5,
  unrealisedPnl: 5,
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

describe('equity at live prices', () => {
  it('swaps each position’s result at the server’s price for the one at its live quote, in cents', () => {
    // BTC at 59,400: −1 % × 5 × $100 = −$5.00, so equity moves by −$10.00.
    expect(equityAtLivePrices(answer, [{ pair: 'BTC/USD', mid: 59_400, stale: false }])).toEqual({
      equity: 1495.5,
      unrealisedPnl: -5,
      live: true,
      pricedAt: null,
    });
  });

  it('keeps the server’s result, and says as of when, while the quote is stale or missing', () => {
    const stale = equityAtLivePrices(answer, [{ pair: 'BTC/USD', mid: 50_000, stale: true }]);
    expect(stale).toEqual({ equity: 1505.5, unrealisedPnl: 5, live: false, pricedAt: '2026-01-02T10:00:00.000Z' });
    expect(equityAtLivePrices(answer, [])).toEqual(stale);
  });

  it('is live with no open position, whatever the quotes', () => {
    expect(equityAtLivePrices({ equity: 10.01, unrealisedPnl: 0, positions: [] }, [])).toEqual({
      equity: 10.01,
      unrealisedPnl: 0,
      live: true,
      pricedAt: null,
    });
  });

  it('adds several positions exactly, with no float drift', () => {
    const sell = { ...answer.positions[0], type: 'sell', amount: 33.33, leverage: 2, unrealisedPnl: 0.1 } as const;
    const both = { equity: 100.3, unrealisedPnl: 5.1, positions: [answer.positions[0], sell] };
    // Buy: +$5.00 at 60,600; sell of $33.33 at 1:2: −1 % × 2 × $33.33 = −$0.6666 → −$0.67.
    expect(equityAtLivePrices(both, [{ pair: 'BTC/USD', mid: 60_600, stale: false }])).toEqual({
      equity: 99.53,
      unrealisedPnl: 4.33,
      live: true,
      pricedAt: null,
    });
  });
});
