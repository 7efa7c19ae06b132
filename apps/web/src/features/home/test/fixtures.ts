import type { TPublicStats } from '@meridian/contracts/content';

/** The public figures (`ZPublicStats`) of a platform launched on 2025-01-01: all zero unless overridden. */
export function makePublicStats(overrides: Partial<TPublicStats> = {}): TPublicStats {
  return {
    clients: 0,
    countries: 0,
    daysOnline: 0,
    launchedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
