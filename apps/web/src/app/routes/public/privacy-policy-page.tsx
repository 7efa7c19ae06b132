import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useContent } from '@/api/content';
import { BRAND_NAME } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { PageHero } from '@/features/pages/components/page-hero';
import { useGoBack } from '@/hooks/use-go-back';

/** Records kept at least 7 years, answers within 30 days, effective January 1, 2024. */
const EFFECTIVE = new Date(Date.UTC(2024, 0, 1));
const RETENTION_YEARS = 7;
const RESPONSE_DAYS = 30;
const SECTIONS = ['collect', 'use', 'share', 'retention', 'security', 'rights', 'cookies'] as const;

/** /privacy-policy: the policy, with a Back button. */
export function Component() {
  const { t, i18n } = useTranslation('pages');
  const goBack = useGoBack();
  const contact = useContent().data?.contact.email ?? null;
  const effective = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(EFFECTIVE);
  const values = { years: RETENTION_YEARS, days: RESPONSE_DAYS, brand: BRAND_NAME };
  return (
    <>
      <title>{`${BRAND_NAME} · ${t('privacy.title')}`}</title>
      <PageHero
        eyebrow={t('privacy.eyebrow')}
        title={t('privacy.title')}
        lead={t('privacy.effective', { date: effective })}
      />
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-12 sm:px-6">
        {SECTIONS.map((key) => (
          <section key={key} aria-labelledby={`privacy-${key}`}>
            <h2 id={`privacy-${key}`} className="text-xl font-semibold text-fg">
              {t(`privacy.sections.${key}.title`)}
            </h2>
            <p className="mt-2 leading-relaxed text-muted">{t(`privacy.sections.${key}.body`, values)}</p>
          </section>
        ))}
        <section aria-labelledby="privacy-contact">
          <h2 id="privacy-contact" className="text-xl font-semibold text-fg">
            {t('privacy.contact.title')}
          </h2>
          <p className="mt-2 leading-relaxed text-muted">
            {t('privacy.contact.body', values)}{' '}
            {contact ? (
              <a href={`mailto:${contact}`} className="font-semibold text-primary hover:underline">
                {contact}
              </a>
            ) : (
              <Link to="/support" className="font-semibold text-primary hover:underline">
                {t('privacy.contact.link')}
              </Link>
            )}
          </p>
        </section>
        <Button variant="outline" onClick={goBack}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {t('back')}
        </Button>
      </div>
    </>
  );
}
