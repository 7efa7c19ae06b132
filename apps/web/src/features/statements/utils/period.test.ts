import { describe, expect, it } from 'vitest';
import { customPeriod, localDay, presetPeriod } from './period';

const now = new Date(2025, 4, 17, 15, 30); // 17 May 2025, local time

describe('statement periods', () => {
  it('runs the presets over local days', () => {
    const thisMonth = presetPeriod('thisMonth', now);
    expect([localDay(thisMonth.from), localDay(thisMonth.to)]).toEqual(['2025-05-01', '2025-05-18']);
    const lastMonth = presetPeriod('lastMonth', now);
    expect([localDay(lastMonth.from), localDay(lastMonth.to)]).toEqual(['2025-04-01', '2025-05-01']);
    expect(lastMonth.from.getHours()).toBe(0);
    const january = presetPeriod('lastMonth', new Date(2025, 0, 10));
    expect([localDay(january.from), localDay(january.to)]).toEqual(['2024-12-01', '2025-01-01']);
    const thisYear = presetPeriod('thisYear', now);
    expect([localDay(thisYear.from), localDay(thisYear.to)]).toEqual(['2025-01-01', '2025-05-18']);
  });

  it('includes both days of a custom period and refuses what the server would', () => {
    const custom = customPeriod('2025-02-01', '2025-02-28', now);
    expect('period' in custom && [localDay(custom.period.from), localDay(custom.period.to)]).toEqual([
      '2025-02-01',
      '2025-03-01',
    ]);
    expect(customPeriod('', '2025-02-28', now)).toEqual({ problem: 'required' });
    expect(customPeriod('2025-02-31', '2025-03-01', now)).toEqual({ problem: 'required' });
    expect(customPeriod('2025-03-01', '2025-02-28', now)).toEqual({ problem: 'order' });
    expect(customPeriod('2025-05-18', '2025-05-20', now)).toEqual({ problem: 'future' });
    expect(customPeriod('2024-01-01', '2025-01-01', now)).toEqual({ problem: 'tooLong' });
    expect('period' in customPeriod('2024-01-01', '2024-12-31', now)).toBe(true);
  });
});
