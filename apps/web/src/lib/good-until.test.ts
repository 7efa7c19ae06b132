import { goodUntilProblem } from '@meridian/contracts/order-terms';
import { describe, expect, it } from 'vitest';
import { GOOD_UNTIL_CHOICES, goodUntilAt } from './good-until';

const NOW = Date.parse('2026-01-31T10:00:00.000Z');

describe('good-until choices', () => {
  it('are good till cancelled (null) or a time that far from now', () => {
    expect(goodUntilAt('gtc', NOW)).toBeNull();
    expect(goodUntilAt('1h', NOW)).toBe('2026-01-31T11:00:00.000Z');
    expect(goodUntilAt('1d', NOW)).toBe('2026-02-01T10:00:00.000Z');
    expect(goodUntilAt('1w', NOW)).toBe('2026-02-07T10:00:00.000Z');
  });

  it('count a month in the calendar, ending on the month’s last day when it is shorter', () => {
    expect(goodUntilAt('1m', NOW)).toBe('2026-02-28T10:00:00.000Z');
    expect(goodUntilAt('1m', Date.parse('2026-03-15T08:30:00.000Z'))).toBe('2026-04-15T08:30:00.000Z');
  });

  it('each give a time the contract accepts', () => {
    for (const choice of GOOD_UNTIL_CHOICES) {
      const at = goodUntilAt(choice, NOW);
      expect(goodUntilProblem(at === null ? null : new Date(at), new Date(NOW)), choice).toBeUndefined();
    }
  });
});
