import { useTranslation } from 'react-i18next';
import { BRAND_NAME } from '@/components/logo';
import { PageHero } from '@/features/pages/components/page-hero';
import { PublicReserves } from '@/features/reserves/components/public-reserves';

/** /reserves: the latest proof-of-reserves root and totals, for anyone (hidden with RESERVES_PUBLIC=false). */
export function Component() {
  const { t } = useTranslation('reserves');
  return (
    <>
      <title>{`${BRAND_NAME} · ${t('public.title')}`}</title>
      <PageHero eyebrow={t('public.eyebrow')} title={t('public.title')} lead={t('public.lead')} />
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <PublicReserves />
      </div>
    </>
  );
}
