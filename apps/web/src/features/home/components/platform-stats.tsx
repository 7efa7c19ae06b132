import { MARKET_PAIRS } from '@meridian/contracts/pairs';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { numberFormat } from '@/lib/format';
import { usePublicStats } from '../api/get-public-stats';

/** Whole days, or hours under a day: a figure people can read at a glance. */
function uptimeParts(seconds: number): { value: number; unit: 'days' | 'hours' } {
  const days = Math.floor(seconds / 86_400);
  return days >= 1 ? { value: days, unit: 'days' } : { value: Math.floor(seconds / 3600), unit: 'hours' };
}

/** Figures the platform computes itself (docs/deviations.md): never typed in, never rounded up. */
export function PlatformStats() {
  const { t, i18n } = useTranslation('home');
  const stats = usePublicStats();
  const number = numberFormat(i18n.resolvedLanguage ?? 'en');
  const figures: { key: string; value: string | null }[] = [
    { key: 'pairs', value: number.format(MARKET_PAIRS.length) },
    { key: 'clients', value: stats.data ? number.format(stats.data.clients) : null },
    { key: 'countries', value: stats.data ? number.format(stats.data.countries) : null },
    {
      key: stats.data ? `uptime.${uptimeParts(stats.data.uptimeSeconds).unit}` : 'uptime.days',
      value: stats.data ? number.format(uptimeParts(stats.data.uptimeSeconds).value) : null,
    },
  ];
  return (
    <section aria-labelledby="stats-title" className="border-y border-border bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <h2 id="stats-title" className="sr-only">
          {t('stats.title')}
        </h2>
        <dl className="grid grid-cols-2 gap-6 md:grid-cols-4">
          {figures
            .filter((figure) => figure.value !== null || stats.isPending)
            .map((figure) => (
              <div key={figure.key} className="text-center">
                <dt className="text-sm text-muted">{t(`stats.labels.${figure.key}`)}</dt>
                <dd
                  className="mt-1 text-3xl font-semibold tabular-nums text-fg"
                  data-testid={`stat-${figure.key.split('.')[0]}`}
                >
                  {figure.value ?? <Skeleton className="mx-auto h-9 w-20" />}
                </dd>
              </div>
            ))}
        </dl>
        <p className="mt-6 text-center text-xs text-muted">{t('stats.note')}</p>
      </div>
    </section>
  );
}
