import type { TPublicStats } from '@meridian/contracts/content';

/**
 * Below these, a figure is true but says nothing a visitor can use ("Client accounts 3" reads as an
 * empty platform, not a young one), so it is left out rather than shown: a count of accounts from a
 * hundred, of countries from three (and only beside the accounts it counts), days online from a
 * month.
 */
export const FIGURE_MINIMUMS = { clients: 100, countries: 3, daysOnline: 30 } as const;

export type TFigureKey = 'pairs' | 'clients' | 'countries' | 'daysOnline';
export interface TFigure {
  key: TFigureKey;
  value: number;
}

/**
 * The figures the band shows, in order; none when no computed figure is worth showing, as the
 * number of pairs alone (already in the features above) is not a band of figures.
 */
export function figuresToShow(stats: TPublicStats, pairs: number): TFigure[] {
  const computed: TFigure[] = [];
  if (stats.clients >= FIGURE_MINIMUMS.clients) {
    computed.push({ key: 'clients', value: stats.clients });
    if (stats.countries >= FIGURE_MINIMUMS.countries) computed.push({ key: 'countries', value: stats.countries });
  }
  if (stats.daysOnline >= FIGURE_MINIMUMS.daysOnline) computed.push({ key: 'daysOnline', value: stats.daysOnline });
  return computed.length > 0 ? [{ key: 'pairs', value: pairs }, ...computed] : [];
}
