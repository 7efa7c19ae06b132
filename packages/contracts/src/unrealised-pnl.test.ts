import { describe, expect, it } from 'vitest';
import { realisedPnl, unrealisedPnl } from './position-terms.ts';

const btcBuy = { asset: 'BTC/USD', type: 'buy', entryPrice: 60_000, amount: 100, leverage: 5 } as const;

describe('unrealised P&L of an open position', () => {
  it('is the margin × leverage × the move since entry, for a buy', () => {
    // +1% × $100 × 5 = +$5.00
    expect(unrealisedPnl(btcBuy, { bid: 60_600, ask: 60_600, stale: false })).toBe(5);
    expect(unrealisedPnl(btcBuy, { bid: 59_400, ask: 59_400, stale: false })).toBe(-5);
  });

  it('goes the other way for a sell, rounded to the cent', () => {
    const sell = { ...btcBuy, type: 'sell', leverage: 2, amount: 33.33 } as const;
    // −0.5% move → +0.5% × $33.33 × 2 = $0.3333 → $0.33
    expect(unrealisedPnl(sell, { bid: 59_700, ask: 59_700, stale: false })).toBe(0.33);
  });

  it('is measured at the side a close takes: a buy at the bid, a sell at the ask', () => {
    // A buy at 60,000 sells at the bid: 60,300 → +0.5% × $100 × 5 = +$2.50, whatever the ask.
    expect(unrealisedPnl(btcBuy, { bid: 60_300, ask: 60_900, stale: false })).toBe(2.5);
    // A sell at 60,000 buys back at the ask: 60,900 → −1.5% × $100 × 5 = −$7.50.
    expect(unrealisedPnl({ ...btcBuy, type: 'sell' }, { bid: 60_300, ask: 60_900, stale: false })).toBe(-7.5);
  });

  it('never loses more than the margin', () => {
    expect(unrealisedPnl(btcBuy, { bid: 30_000, ask: 30_000, stale: false })).toBe(-100);
  });

  it('has no figure without a live price', () => {
    expect(unrealisedPnl(btcBuy, undefined)).toBeNull();
    expect(unrealisedPnl(btcBuy, { bid: 61_000, ask: 61_000, stale: true })).toBeNull();
  });
});

describe('realised P&L of a closed position', () => {
  it('is the profit, or minus the loss', () => {
    expect(realisedPnl({ profit: 12.34, loss: 0, isLoss: false })).toBe(12.34);
    expect(realisedPnl({ profit: 0, loss: 5, isLoss: true })).toBe(-5);
  });
});
