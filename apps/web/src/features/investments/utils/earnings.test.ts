import { describe, expect, it } from 'vitest';
import { earningsOf } from './earnings';
import { planAction } from './plan-action';

describe('earningsOf', () => {
  it.each([
    {
      // 4,000 cents / 30 = 133 each, the last 4,000 − 29 × 133 = 143.
      scenario: 'splits 20% of $200.00 over 30 daily payouts, the last taking the remainder',
      amount: 200,
      terms: { interest: 20, duration: 30, noOfTimes: 1 },
      expected: { total: 40, perPayout: 1.33, lastPayout: 1.43, count: 30 },
    },
    {
      // 12.5% of $100.01 is 1,250.125 cents: 1,250.
      scenario: 'rounds the total down to the cent, as the server does',
      amount: '100.01',
      terms: { interest: 12.5, duration: 7, noOfTimes: 2 },
      expected: { total: 12.5, perPayout: 0.89, lastPayout: 0.93, count: 14 },
    },
    {
      scenario: 'pays equal amounts when they divide evenly',
      amount: 1000,
      terms: { interest: 10, duration: 10, noOfTimes: 1 },
      expected: { total: 100, perPayout: 10, lastPayout: 10, count: 10 },
    },
  ])('$scenario', ({ amount, terms, expected }) => {
    expect(earningsOf(amount, terms)).toEqual(expected);
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
