import { useTranslation } from 'react-i18next';
import { useContent } from '@/api/content';
import { BRAND_NAME } from '@/components/logo';
import { PageHero } from '@/features/pages/components/page-hero';
import { PageSkeleton } from '@/features/pages/components/page-skeleton';

const DEFAULT_PARAGRAPHS = ['what', 'ledger', 'safety', 'honesty'] as const;

/** /about, "Our Story": the operator's own words when configured, otherwise what the platform does. */
export function Component() {
  const { t } = useTranslation('pages');
  const query = useContent();
  const content = query.data;
  const brand = content?.brand.name ?? BRAND_NAME;
  const about = content?.copy.about;
  const paragraphs = about?.paragraphs.length
    ? about.paragraphs
    : DEFAULT_PARAGRAPHS.map((key) => t(`about.paragraphs.${key}`, { brand }));
  // The operator's words replace the defaults: wait for them rather than flash the defaults first.
  if (query.isPending) return <PageSkeleton />;
  return (
    <>
      <title>{`${brand} · ${t('about.title')}`}</title>
      <PageHero eyebrow={t('about.eyebrow')} title={about?.title ?? t('about.title')}>
        {content?.foundedYear && <p className="text-muted">{t('about.founded', { year: content.foundedYear })}</p>}
      </PageHero>
      <div className="mx-auto max-w-3xl space-y-5 px-4 py-12 text-lg leading-relaxed text-fg sm:px-6">
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      {content && content.team.length > 0 && (
        <section aria-labelledby="team-title" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
          <h2 id="team-title" className="text-2xl font-semibold text-fg">
            {t('about.team')}
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {content.team.map((member) => (
              <li key={member.name} className="rounded-2xl border border-border bg-surface p-6">
                {member.photoUrl && (
                  <img
                    src={member.photoUrl}
                    alt=""
                    width={96}
                    height={96}
                    loading="lazy"
                    decoding="async"
                    className="mb-4 h-24 w-24 rounded-full object-cover"
                  />
                )}
                <h3 className="font-semibold text-fg">{member.name}</h3>
                <p className="text-sm text-primary">{member.role}</p>
                {member.bio && <p className="mt-2 text-sm text-muted">{member.bio}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
