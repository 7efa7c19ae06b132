import { describe, expect, it } from 'vitest';
import { amountProblem, formatUsd, fromCents, toCents } from './money.ts';

describe('money', () => {
  it('parses dollars to cents through text, not float multiplication', () => {
    expect(toCents(0.29)).toBe(29n);
    expect(toCents('1.1')).toBe(110n);
    expect(toCents(19.99)).toBe(1999n);
    expect(toCents('1234567.89')).toBe(123456789n);
  });
  it('refuses what is not an amount', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, -1, 1.234, '1.234', 'abc', '', '1e5', 1e21]) {
      expect(toCents(bad)).toBeNull();
    }
  });
  it('formats cents back to dollars', () => {
    expect(fromCents(123456789n)).toBe(1234567.89);
    expect(fromCents(5n)).toBe(0.05);
    expect(fromCents(-250n)).toBe(-2.5);
    expect(formatUsd(0n)).toBe('$0.00');
    expect(formatUsd(123456n)).toBe('$1,234.56');
  });
});

describe('amountProblem', () => {
  const limits = { min: 10, max: 50_000 };
  const check = (amount: number | string, given: Parameters<typeof amountProblem>[1] = limits) =>
    amountProblem(amount, given, 'errors.amountAboveWithdrawable');

  it('accepts amounts within the limits, edges included', () => {
    expect(check('10')).toBeUndefined();
    expect(check('10.00')).toBeUndefined();
    expect(check('50000')).toBeUndefined();
    expect(check(1234.56)).toBeUndefined();
  });

  it('names the limit an amount breaks, comparing cents', () => {
    expect(check('9.99')).toBe('validation.amountMin');
    expect(check('50000.01')).toBe('validation.amountMax');
    expect(check('0', { min: 0, max: 100 })).toBe('validation.amountPositive');
    expect(check('0.1', { min: 0.1, max: 0.3 })).toBeUndefined();
    expect(check('0.3', { min: 0.1, max: 0.3 })).toBeUndefined();
  });

  it('refuses more than is available, in the words the form chose', () => {
    expect(check('120', { ...limits, available: 120 })).toBeUndefined();
    expect(check('120.01', { ...limits, available: 120 })).toBe('errors.amountAboveWithdrawable');
    expect(amountProblem('300', { min: 100, max: 10_000, available: 250 }, 'errors.insufficientBalance')).toBe(
      'errors.insufficientBalance',
    );
    // The limits speak first.
    expect(check('5', { ...limits, available: 1 })).toBe('validation.amountMin');
  });

  it('leaves text that is not an amount to the contract schema', () => {
    expect(check('abc')).toBeUndefined();
    expect(check('1.234')).toBeUndefined();
    expect(check('')).toBeUndefined();
  });
});
