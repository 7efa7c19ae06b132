import { describe, expect, it } from 'vitest';
import { priceStep } from '@/lib/format';
import { makeQuote } from '../test/fixtures';
import { formatCommissionRate, positionReview } from './position-review';
import { resultAtLevel } from './protection';

const NOW = Date.parse('2026-01-02T10:00:00.000Z');
// $25.50 at 1:5 from ETH/USD 3,000.20: $127.50 of exposure.
const QUOTE = makeQuote({ pair: 'ETH/USD', mid: 3000.2 });
const BUY = { asset: 'ETH/USD', type: 'buy', amount: '25.50', leverage: 5, expiration: 240 } as const;

describe('the review’s take-profit and stop-loss', () => {
  it('says what each level would make if reached, from the price it opens near', () => {
    const review = positionReview({ ...BUY, takeProfit: 3100, stopLoss: 2900 }, { quote: QUOTE, now: NOW });
    // ±(level − 3,000.20) / 3,000.20 × $127.50, to the cent.
    expect(review).toMatchObject({ takeProfitResult: 4.24, stopLossResult: -4.26 });
    const sell = positionReview({ ...BUY, type: 'sell', takeProfit: 2900, stopLoss: 3100 }, { quote: QUOTE, now: NOW });
    expect(sell).toMatchObject({ takeProfitResult: 4.26, stopLossResult: -4.24 });
  });

  it('has no figure for a level not set, or with no live price', () => {
    expect(positionReview(BUY, { quote: QUOTE, now: NOW })).toMatchObject({
      takeProfitResult: null,
      stopLossResult: null,
    });
    const stale = makeQuote({ pair: 'ETH/USD', mid: 3000.2, stale: true });
    expect(positionReview({ ...BUY, takeProfit: 3100 }, { quote: stale, now: NOW }).takeProfitResult).toBeNull();
  });

  it('has no expiry time for a position with no expiry', () => {
    expect(positionReview(BUY, { quote: QUOTE, now: NOW }).expiresAt).toBe(NOW + 4 * 3_600_000);
    expect(positionReview({ ...BUY, expiration: null }, { quote: QUOTE, now: NOW }).expiresAt).toBeNull();
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
    const review = positionReview(
      { ...BUY, takeProfit: 3100, stopLoss: 2800 },
      { quote: QUOTE, now: NOW, orderPrice: 2900 },
    );
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
    expect(positionReview(BUY, { quote: stale, now: NOW, orderPrice: 2900 })).toMatchObject({
      price: 2900,
      stopOut: 2320,
    });
  });
});

describe('the review at a quote with a spread', () => {
  // ETH/USD bid 3,000.10, ask 3,000.30: a spread of 0.20.
  const SPREAD = makeQuote({ pair: 'ETH/USD', mid: 3000.2, bid: 3000.1, ask: 3000.3 });

  it('opens a buy at the ask and a sell at the bid, with the spread between them', () => {
    expect(positionReview(BUY, { quote: SPREAD, now: NOW })).toMatchObject({ price: 3000.3, spread: 0.2 });
    expect(positionReview({ ...BUY, type: 'sell' }, { quote: SPREAD, now: NOW })).toMatchObject({
      price: 3000.1,
      spread: 0.2,
    });
  });

  it('says what closing at once, at the other side, would make: the spread’s cost', () => {
    // A buy from 3,000.30 sold at 3,000.10: −0.20 / 3,000.30 × $127.50 = −$0.0085 → −$0.01.
    expect(positionReview(BUY, { quote: SPREAD, now: NOW }).closedAtOnce).toBe(-0.01);
    // Ten times the size: −$0.085 → −$0.08 (rounded half away from zero on the cents: −8.49…).
    const big = positionReview({ ...BUY, amount: '255.00' }, { quote: SPREAD, now: NOW });
    expect(big.closedAtOnce).toBe(-0.08);
    // An order's fill has its own quote: not known yet.
    expect(positionReview(BUY, { quote: SPREAD, now: NOW, orderPrice: 2900 }).closedAtOnce).toBeNull();
  });

  it('sets the stop-out from the price it opens at, the ask for a buy and the bid for a sell', () => {
    // 1:5: 20 % of the entry against the position, from 3,000.30 down and from 3,000.10 up.
    expect(positionReview(BUY, { quote: SPREAD, now: NOW })).toMatchObject({
      stopOut: 2400.24,
      distance: { price: 600.06, percent: 20 },
    });
    expect(positionReview({ ...BUY, type: 'sell' }, { quote: SPREAD, now: NOW }).stopOut).toBe(3600.12);
  });

  it('has no price or spread without a fresh quote', () => {
    const stale = makeQuote({ pair: 'ETH/USD', mid: 3000.2, bid: 3000.1, ask: 3000.3, stale: true });
    expect(positionReview(BUY, { quote: stale, now: NOW })).toMatchObject({
      price: null,
      spread: null,
      closedAtOnce: null,
    });
  });
});

describe('the review’s commission', () => {
  it('is the operator’s rate of the exposure, to the cent, and leaves the balance with the margin', () => {
    // 10 bp of $127.50 = $0.1275 → $0.13 (half up); $25.50 + $0.13 leaves the balance.
    expect(positionReview(BUY, { quote: QUOTE, now: NOW, commissionBps: 10 })).toMatchObject({
      commission: 0.13,
      total: 25.63,
    });
    // An order's is held with its margin at the same rate.
    expect(positionReview(BUY, { quote: QUOTE, now: NOW, orderPrice: 2900, commissionBps: 100 })).toMatchObject({
      commission: 1.28,
      total: 26.78,
    });
  });

  it('is nothing at 0, and unknown (so is the total) until the rate is', () => {
    expect(positionReview(BUY, { quote: QUOTE, now: NOW, commissionBps: 0 })).toMatchObject({
      commission: 0,
      total: 25.5,
    });
    expect(positionReview(BUY, { quote: QUOTE, now: NOW })).toMatchObject({ commission: null, total: null });
  });

  it('writes the rate as a percent of the exposure', () => {
    expect(formatCommissionRate(10)).toBe('0.1%');
    expect(formatCommissionRate(5)).toBe('0.05%');
    expect(formatCommissionRate(100, 'de')).toMatch(/^1\s%$/u);
  });
});
