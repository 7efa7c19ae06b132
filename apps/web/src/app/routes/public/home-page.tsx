import { TRADING_PAIRS } from '@meridian/contracts/constants';
import { ArrowRight, BadgePercent, CalendarClock, CandlestickChart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BRAND_NAME } from '@/components/logo';
import { Button } from '@/components/ui/button';

const FEATURES = [
  { key: 'pairs', icon: CandlestickChart },
  { key: 'plans', icon: CalendarClock },
  { key: 'fees', icon: BadgePercent },
] as const;

/** `/`: a short, honest introduction; the full home page comes with a later issue. */
export function Component() {
  const { t } = useTranslation('public');
  return (
    <>
      <title>{`${BRAND_NAME} · ${t('home.title')}`}</title>
      <section className="border-b border-border bg-surface">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
          <div className="max-w-2xl space-y-6">
            <p className="text-sm font-semibold uppercase tracking-widest text-primary">{t('home.eyebrow')}</p>
            <h1 className="text-4xl font-semibold tracking-tight text-fg sm:text-5xl">{t('home.title')}</h1>
            <p className="text-lg leading-relaxed text-muted">{t('home.lead', { brand: BRAND_NAME })}</p>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Button asChild size="lg">
                <Link to="/register">
                  {t('home.getStarted')}
                  <ArrowRight className="h-4 w-4" aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/auth/user/login">{t('header.clientPortal')}</Link>
              </Button>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="home-features" className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <h2 id="home-features" className="sr-only">
          {t('home.featuresTitle')}
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {FEATURES.map(({ key, icon: Icon }) => (
            <li key={key} className="rounded-2xl border border-border bg-surface p-6">
              <Icon className="h-6 w-6 text-primary" aria-hidden="true" />
              <h3 className="mt-4 font-semibold text-fg">{t(`home.features.${key}.title`)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{t(`home.features.${key}.body`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="home-pairs" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        <h2 id="home-pairs" className="text-lg font-semibold text-fg">
          {t('home.pairsTitle')}
        </h2>
        <ul className="mt-4 flex flex-wrap gap-2">
          {TRADING_PAIRS.map((pair) => (
            <li key={pair} className="rounded-full border border-border bg-surface px-3 py-1 font-mono text-sm text-fg">
              {pair}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
