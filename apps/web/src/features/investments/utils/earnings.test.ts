import { describe, expect, it } from 'vitest';
import { earningsOf } from './earnings';
import { planAction } from './plan-action';

describe('earningsOf', () => {
  it('splits 20% of $200.00 over 30 daily payouts, the last taking the remainder', () => {
    // 4,000 cents / 30 = 133 each, the last 4,000 − 29 × 133 = 143.
    expect(earningsOf(200, { interest: 20, duration: 30, noOfTimes: 1 })).toEqual({
      total: 40,
      perPayout: 1.33,
      lastPayout: 1.43,
      count: 30,
    });
  });

  it('rounds the total down to the cent, as the server does', () => {
    // 12.5% of $100.01 is 1,250.125 cents: 1,250.
    expect(earningsOf('100.01', { interest: 12.5, duration: 7, noOfTimes: 2 })).toEqual({
      total: 12.5,
      perPayout: 0.89,
      lastPayout: 0.93,
      count: 14,
    });
  });

  it('pays equal amounts when they divide evenly', () => {
    expect(earningsOf(1000, { interest: 10, duration: 10, noOfTimes: 1 })).toEqual({
      total: 100,
      perPayout: 10,
      lastPayout: 10,
      count: 10,
    });
  });

  it('has nothing to say about what is not an amount', () => {
    const terms = { interest: 20, duration: 30, noOfTimes: 1 };
    expect(earningsOf('', terms)).toBeNull();
    expect(earningsOf('abc', terms)).toBeNull();
    expect(earningsOf('1.234', terms)).toBeNull();
    expect(earningsOf(0, terms)).toBeNull();
  });
});

describe('planAction', () => {
  it('offers Continue with Plan to a client without a plan', () => {
    expect(planAction('a', null)).toBe('continue');
    expect(planAction('a', undefined)).toBe('continue');
  });

  it('labels the client’s own plan and offers an upgrade to the others', () => {
    expect(planAction('a', 'a')).toBe('current');
    expect(planAction('b', 'a')).toBe('upgrade');
  });
});
