import type { TPublicStats } from '@meridian/contracts/content';
import { describe, expect, it } from 'vitest';
import { FIGURE_MINIMUMS, figuresToShow } from './figures';

const stats = (overrides: Partial<TPublicStats>): TPublicStats => ({
  clients: 0,
  countries: 0,
  daysOnline: 0,
  launchedAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});
const keys = (s: TPublicStats) => figuresToShow(s, 10).map((f) => f.key);

describe('which platform figures the home page shows', () => {
  it('none on a new platform: no band of zeros (the pairs alone are not a band)', () => {
    expect(figuresToShow(stats({}), 10)).toEqual([]);
    expect(figuresToShow(stats({ clients: 12, countries: 4, daysOnline: 0 }), 10)).toEqual([]);
  });

  it('each computed figure from its minimum, with the pairs in front', () => {
    expect(keys(stats({ clients: FIGURE_MINIMUMS.clients - 1, daysOnline: FIGURE_MINIMUMS.daysOnline - 1 }))).toEqual(
      [],
    );
    expect(figuresToShow(stats({ clients: FIGURE_MINIMUMS.clients }), 10)).toEqual([
      { key: 'pairs', value: 10 },
      { key: 'clients', value: 100 },
    ]);
    expect(keys(stats({ daysOnline: FIGURE_MINIMUMS.daysOnline }))).toEqual(['pairs', 'daysOnline']);
    expect(figuresToShow(stats({ clients: 1_234, countries: 27, daysOnline: 412 }), 10)).toEqual([
      { key: 'pairs', value: 10 },
      { key: 'clients', value: 1_234 },
      { key: 'countries', value: 27 },
      { key: 'daysOnline', value: 412 },
    ]);
  });

  it('countries only from three, and only beside the accounts they count', () => {
    expect(keys(stats({ clients: 500, countries: 2, daysOnline: 90 }))).toEqual(['pairs', 'clients', 'daysOnline']);
    expect(keys(stats({ clients: 40, countries: 12, daysOnline: 90 }))).toEqual(['pairs', 'daysOnline']);
  });

  it('never a zero', () => {
    for (const clients of [0, 99, 100, 5_000])
      for (const countries of [0, 2, 3, 40])
        for (const daysOnline of [0, 29, 30, 700]) {
          for (const figure of figuresToShow(stats({ clients, countries, daysOnline }), 10)) {
            expect(figure.value).toBeGreaterThan(0);
          }
        }
  });
});
