import { expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney } from './format';

it("formats dollars through cents, in the reader's locale", () => {
  expect(formatMoney(1234.56)).toBe('$1,234.56');
  expect(formatMoney(0.1)).toBe('$0.10');
  expect(formatMoney(0)).toBe('$0.00');
  expect(formatMoney(-25.5)).toBe('-$25.50');
  expect(formatMoney(1234.5, 'de')).toMatch(/^1\.234,50\s\$$/);
});

it('formats dates in UTC under TZ=UTC and shows a dash for nonsense', () => {
  expect(formatDateTime('2025-03-04T14:05:00.000Z')).toBe('Mar 4, 2025, 2:05 PM');
  expect(formatDate('2025-03-04T14:05:00.000Z')).toBe('Mar 4, 2025');
  expect(formatDateTime('not a date')).toBe('—');
});
