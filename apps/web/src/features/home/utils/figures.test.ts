import type { TPublicStats } from '@meridian/contracts/content';
import { describe, expect, it } from 'vitest';
import { makePublicStats } from '../test/fixtures';
import { FIGURE_MINIMUMS, figuresToShow } from './figures';

const keys = (s: TPublicStats) => figuresToShow(s, 10).map((f) => f.key);

describe('which platform figures the home page shows', () => {
  it('none on a new platform: no band of zeros (the pairs alone are not a band)', () => {
    expect(figuresToShow(makePublicStats(), 10)).toEqual([]);
    expect(figuresToShow(makePublicStats({ clients: 12, countries: 4, daysOnline: 0 }), 10)).toEqual([]);
  });

  it('each computed figure from its minimum, with the pairs in front', () => {
    expect(
      keys(makePublicStats({ clients: FIGURE_MINIMUMS.clients - 1, daysOnline: FIGURE_MINIMUMS.daysOnline - 1 })),
    ).toEqual([]);
    expect(figuresToShow(makePublicStats({ clients: FIGURE_MINIMUMS.clients }), 10)).toEqual([
      { key: 'pairs', value: 10 },
      { key: 'clients', value: 100 },
    ]);
    expect(keys(makePublicStats({ daysOnline: FIGURE_MINIMUMS.daysOnline }))).toEqual(['pairs', 'daysOnline']);
    expect(figuresToShow(makePublicStats({ clients: 1_234, countries: 27, daysOnline: 412 }), 10)).toEqual([
      { key: 'pairs', value: 10 },
      { key: 'clients', value: 1_234 },
      { key: 'countries', value: 27 },
      { key: 'daysOnline', value: 412 },
    ]);
  });

  it('countries only from three, and only beside the accounts they count', () => {
    expect(keys(makePublicStats({ clients: 500, countries: 2, daysOnline: 90 }))).toEqual([
      'pairs',
      'clients',
      'daysOnline',
    ]);
    expect(keys(makePublicStats({ clients: 40, countries: 12, daysOnline: 90 }))).toEqual(['pairs', 'daysOnline']);
  });

  it('never a zero', () => {
    for (const clients of [0, 99, 100, 5_000])
      for (const countries of [0, 2, 3, 40])
        for (const daysOnline of [0, 29, 30, 700]) {
          for (const figure of figuresToShow(makePublicStats({ clients, countries, daysOnline }), 10)) {
            expect(figure.value).toBeGreaterThan(0);
          }
        }
  });
});
