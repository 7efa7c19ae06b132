import { MARKET_PAIRS } from '@meridian/contracts/pairs';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '@/lib/format';
import { usePublicStats } from '../api/get-public-stats';
import { figuresToShow, type TFigureKey } from '../utils/figures';

const LABELS: Record<TFigureKey, string> = {
  pairs: 'stats.labels.pairs',
  clients: 'stats.labels.clients',
  countries: 'stats.labels.countries',
  daysOnline: 'stats.labels.uptime.days',
};
const TEST_IDS: Record<TFigureKey, string> = {
  pairs: 'stat-pairs',
  clients: 'stat-clients',
  countries: 'stat-countries',
  daysOnline: 'stat-uptime',
};

/**
 * Figures the platform computes itself (docs/deviations.md): never typed in, never rounded up, and
 * shown only once they say something (utils/figures.ts); until then, and while they load, the band
 * is not there at all.
 */
export function PlatformStats() {
  const { t, i18n } = useTranslation('home');
  const stats = usePublicStats();
  const number = numberFormat(i18n.resolvedLanguage ?? 'en');
  const figures = stats.data ? figuresToShow(stats.data, MARKET_PAIRS.length) : [];
  if (figures.length === 0) return null;
  return (
    <section aria-labelledby="stats-title" className="border-y border-border bg-surface" data-testid="platform-stats">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <h2 id="stats-title" className="sr-only">
          {t('stats.title')}
        </h2>
        <dl className="flex flex-wrap justify-center gap-x-6 gap-y-8">
          {figures.map((figure) => (
            <div key={figure.key} className="w-[calc(50%-0.75rem)] text-center md:w-48">
              <dt className="text-sm text-muted">{t(LABELS[figure.key])}</dt>
              <dd className="mt-1 text-3xl font-semibold tabular-nums text-fg" data-testid={TEST_IDS[figure.key]}>
                {number.format(figure.value)}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-6 text-center text-xs text-muted">{t('stats.note')}</p>
      </div>
    </section>
  );
}
