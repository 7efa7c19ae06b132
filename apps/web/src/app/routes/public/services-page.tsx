import { BadgePercent, CalendarClock, CandlestickChart, LifeBuoy, Radio, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useContent } from '@/api/content';
import { BRAND_NAME } from '@/components/logo';
import { PageHero } from '@/features/pages/components/page-hero';
import { PageSkeleton } from '@/features/pages/components/page-skeleton';
import { FeatureCard } from './feature-card';
import { RegisterButton } from './register-button';

const SERVICES = [
  { key: 'positions', icon: CandlestickChart },
  { key: 'plans', icon: CalendarClock },
  { key: 'signals', icon: Radio },
  { key: 'payments', icon: BadgePercent },
  { key: 'kyc', icon: ShieldCheck },
  { key: 'support', icon: LifeBuoy },
] as const;

/** /services, "Trading Solutions": the operator's own cards when configured, otherwise what exists. */
export function Component() {
  const { t } = useTranslation('pages');
  const query = useContent();
  const content = query.data;
  const brand = content?.brand.name ?? BRAND_NAME;
  const configured = content?.copy.services;
  const cards = configured?.services.length
    ? configured.services.map((card, i) => ({ ...card, icon: SERVICES[i % SERVICES.length]?.icon ?? ShieldCheck }))
    : SERVICES.map(({ key, icon }) => ({
        title: t(`services.cards.${key}.title`),
        body: t(`services.cards.${key}.body`),
        icon,
      }));
  // The operator's words replace the defaults: wait for them rather than flash the defaults first.
  if (query.isPending) return <PageSkeleton />;
  return (
    <>
      <title>{`${brand} · ${t('services.title')}`}</title>
      <PageHero
        eyebrow={t('services.eyebrow')}
        title={configured?.title ?? t('services.title')}
        lead={configured?.lead ?? t('services.lead', { brand })}
      />
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {cards.map(({ title, body, icon }) => (
            <FeatureCard key={title} icon={icon} title={title} body={body} heading="h2" />
          ))}
        </ul>
        <div className="mt-10">
          <RegisterButton size="lg">{t('services.register')}</RegisterButton>
        </div>
      </div>
    </>
  );
}
