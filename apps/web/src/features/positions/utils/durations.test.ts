import { POSITION_DURATIONS } from '@meridian/contracts/position-terms';
import { describe, expect, it } from 'vitest';
import { formatDuration } from './durations';

describe('position expirations', () => {
  it('reads each of the 12 durations the way a person says it', () => {
    expect(POSITION_DURATIONS.map((minutes) => formatDuration(minutes))).toEqual([
      '30 minutes',
      '1 hour',
      '4 hours',
      '12 hours',
      '1 day',
      '3 days',
      '1 week',
      '2 weeks',
      '1 month',
      '3 months',
      '6 months',
      '1 year',
    ]);
  });

  it('says them in the reader’s language', () => {
    expect(formatDuration(60, 'de')).toBe('1 Stunde');
    expect(formatDuration(129_600, 'fr')).toMatch(/^3\s+mois$/);
  });
});
