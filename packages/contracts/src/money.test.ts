import { describe, expect, it } from 'vitest';
import { formatUsd, fromCents, toCents } from './money.ts';

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
