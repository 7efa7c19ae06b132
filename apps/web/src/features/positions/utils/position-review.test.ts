import { describe, expect, it } from 'vitest';
import { priceStep } from '@/lib/format';
import { makeQuote } from '../test/fixtures';
import { positionReview } from './position-review';
import { resultAtLevel } from './protection';

const NOW = Date.parse('2026-01-02T10:00:00.000Z');
// $25.50 at 1:5 from ETH/USD 3,000.20: $127.50 of exposure.
const QUOTE = makeQuote({ pair: 'ETH/USD', mid: 3000.2 });
const BUY = { asset: 'ETH/USD', type: 'buy', amount: '25.50', leverage: 5, expiration: 240 } as const;

describe('the review’s take-profit and stop-loss', () => {
  it('says what each level would make if reached, from the price it opens near', () => {
    const review = positionReview({ ...BUY, takeProfit: 3100, stopLoss: 2900 }, QUOTE, NOW);
    // ±(level − 3,000.20) / 3,000.20 × $127.50, to the cent.
    expect(review).toMatchObject({ takeProfitResult: 4.24, stopLossResult: -4.26 });
    const sell = positionReview({ ...BUY, type: 'sell', takeProfit: 2900, stopLoss: 3100 }, QUOTE, NOW);
    expect(sell).toMatchObject({ takeProfitResult: 4.26, stopLossResult: -4.24 });
  });

  it('has no figure for a level not set, or with no live price', () => {
    expect(positionReview(BUY, QUOTE, NOW)).toMatchObject({ takeProfitResult: null, stopLossResult: null });
    const stale = makeQuote({ pair: 'ETH/USD', mid: 3000.2, stale: true });
    expect(positionReview({ ...BUY, takeProfit: 3100 }, stale, NOW).takeProfitResult).toBeNull();
  });

  it('has no expiry time for a position with no expiry', () => {
    expect(positionReview(BUY, QUOTE, NOW).expiresAt).toBe(NOW + 4 * 3_600_000);
    expect(positionReview({ ...BUY, expiration: null }, QUOTE, NOW).expiresAt).toBeNull();
  });
});

describe('a level’s result', () => {
  it('never loses more than the margin', () => {
    // A stop-loss below the stop-out is refused, but the figure is still capped at the margin.
    expect(resultAtLevel(BUY, 3000.2, 1)).toBe(-25.5);
  });

  it('is unknown without an entry or a level', () => {
    expect(resultAtLevel(BUY, null, 3100)).toBeNull();
    expect(resultAtLevel(BUY, 3000.2, null)).toBeNull();
  });
});

describe('a price field’s step', () => {
  it('is the pair’s smallest unit', () => {
    expect(priceStep('BTC/USD')).toBe('0.01');
    expect(priceStep('USD/JPY')).toBe('0.001');
    expect(priceStep('EUR/USD')).toBe('0.00001');
    expect(priceStep(undefined)).toBe('any');
  });
});

describe('the review of a pending order', () => {
  it('figures a position opened at the order’s price, whatever the live price, its expiry counted from the fill', () => {
    // $25.50 at 1:5 of a buy limit at 2,900.00 (the live price 3,000.20): the stop-out is 20 % below 2,900.00.
    const review = positionReview({ ...BUY, takeProfit: 3100, stopLoss: 2800 }, QUOTE, NOW, 2900);
    expect(review).toMatchObject({
      margin: 25.5,
      exposure: 127.5,
      price: 2900,
      stopOut: 2320,
      distance: { price: 580, percent: 20 },
      expiresAt: null,
    });
    // ±(level − 2,900) / 2,900 × $127.50.
    expect(review).toMatchObject({ takeProfitResult: 8.79, stopLossResult: -4.4 });
    // Without a live price, the order's figures are still known.
    const stale = makeQuote({ pair: 'ETH/USD', mid: 3000.2, stale: true });
    expect(positionReview(BUY, stale, NOW, 2900)).toMatchObject({ price: 2900, stopOut: 2320 });
  });
});
