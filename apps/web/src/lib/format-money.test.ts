import { expect, it } from 'vitest';
import { formatMoney } from './format';

it("writes the sign of a movement by its direction, the locale's way", () => {
  expect(formatMoney(25.5, 'en', 'in')).toBe('+$25.50');
  expect(formatMoney(25.5, 'en', 'out')).toBe('-$25.50');
  expect(formatMoney(0.07, 'en', 'out')).toBe('-$0.07');
  expect(formatMoney(1234.5, 'de', 'out')).toMatch(/^-1\.234,50\s\$$/);
});

it('keeps cents exact for amounts a float would blur', () => {
  expect(formatMoney(0.29)).toBe('$0.29');
  expect(formatMoney(1_000_000.01)).toBe('$1,000,000.01');
  expect(formatMoney(12_345_678_901.23)).toBe('$12,345,678,901.23');
});
