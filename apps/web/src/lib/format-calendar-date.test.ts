import { afterEach, expect, it } from 'vitest';
import { formatCalendarDate } from './format';

const zone = process.env.TZ;
afterEach(() => {
  process.env.TZ = zone;
});

it("shows a date of birth in the reader's language", () => {
  expect(formatCalendarDate('1990-04-12')).toBe('Apr 12, 1990');
  expect(formatCalendarDate('1990-04-12', 'fr')).toBe('12 avr. 1990');
  expect(formatCalendarDate('1990-04-12', 'de')).toBe('12.04.1990');
  expect(formatCalendarDate('1990-04-12', 'ja')).toBe('1990/04/12');
});

it('keeps the same day west and east of Greenwich (a calendar date is no moment in time)', () => {
  for (const tz of ['America/Los_Angeles', 'Pacific/Kiritimati', 'UTC']) {
    process.env.TZ = tz;
    expect(formatCalendarDate('1990-04-12'), tz).toBe('Apr 12, 1990');
    expect(formatCalendarDate('2000-01-01'), tz).toBe('Jan 1, 2000');
  }
});

it('shows text that is no calendar date as it is, and a dash for nothing', () => {
  expect(formatCalendarDate('2023-02-30')).toBe('2023-02-30');
  expect(formatCalendarDate('12/04/1990')).toBe('12/04/1990');
  expect(formatCalendarDate('')).toBe('—');
  expect(formatCalendarDate('0042-06-01')).toBe('Jun 1, 42');
});
