import { expect, it } from 'vitest';
import { formatMoney, numberFormat } from './format';

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

it('formatters are built once per locale and options, and keep their options apart', () => {
  // Intl separates with no-break spaces; compare the words.
  const plain = (text: string) => text.replace(/\s/g, ' ');
  expect(numberFormat('de', { style: 'percent' })).toBe(numberFormat('de', { style: 'percent' }));
  expect(plain(numberFormat('de', { style: 'percent' }).format(0.5))).toBe('50 %');
  expect(numberFormat('de').format(1234.5)).toBe('1.234,5');
  expect(plain(formatMoney(1234.5, 'de'))).toBe('1.234,50 $');
  expect(formatMoney(1234.5, 'en')).toBe('$1,234.50');
});
