import type { TLegalDocumentName } from '@meridian/contracts/content';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLegalDocument } from '@/api/content';
import { BRAND_NAME } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { useGoBack } from '@/hooks/use-go-back';
import { PageHero } from './page-hero';
import { PageSkeleton } from './page-skeleton';

/** The page's own name while the operator's title is out of reach (it failed to load). */
const FALLBACK_TITLE = {
  terms: 'footer.terms',
  'risk-disclosure': 'footer.riskDisclosure',
} as const satisfies Record<TLegalDocumentName, string>;

/**
 * /terms and /risk-disclosure: the operator's text (the content file's `legal`), in the reader's
 * language, with the version a sign-up records, so a client can tell which text they accepted.
 */
export function LegalDocumentPage({ document }: { document: TLegalDocumentName }) {
  const { t } = useTranslation(['pages', 'public']);
  const goBack = useGoBack();
  const query = useLegalDocument(document);
  if (query.isPending) return <PageSkeleton />;
  const title = query.data?.title ?? t(`public:${FALLBACK_TITLE[document]}`);
  return (
    <>
      <title>{`${BRAND_NAME} · ${title}`}</title>
      <PageHero eyebrow={t('pages:legal.eyebrow')} title={title}>
        {query.data && (
          <p className="text-sm text-muted" data-testid="legal-version">
            {t('pages:legal.version', { version: query.data.version })}
          </p>
        )}
      </PageHero>
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-12 sm:px-6">
        {query.data ? (
          query.data.sections.map((section, i) => (
            <section key={section.heading} aria-labelledby={`legal-${i}`}>
              <h2 id={`legal-${i}`} className="text-xl font-semibold text-fg">
                {section.heading}
              </h2>
              <p className="mt-2 whitespace-pre-line leading-relaxed text-muted">{section.body}</p>
            </section>
          ))
        ) : (
          <ErrorState
            title={t('pages:legal.loadError')}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        )}
        <Button variant="outline" onClick={goBack}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {t('pages:back')}
        </Button>
      </div>
    </>
  );
}
