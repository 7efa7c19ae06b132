import type { TKyc } from '@meridian/contracts/kyc';
import { Eye, FileSearch } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { CardGrid, ListPage } from '@/components/ui/list-page';
import { SkeletonCards } from '@/components/ui/skeleton';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { useKeepPageInRange, usePageParam } from '@/hooks/use-page-param';
import { useKycList } from '../api/get-kyc-list';
import { KycReviewDialog } from './kyc-review-dialog';

/** /admin/kyc/review: Pending KYC Reviews with a count badge, cards, paging and the review dialog. */
export function KycReviewPage() {
  const { t } = useTranslation('kyc');
  const format = useLocaleFormat();
  const [page, setPage] = usePageParam();
  const query = useKycList('pending', page);
  const [reviewing, setReviewing] = useState<TKyc | null>(null);

  useKeepPageInRange(page, query.data?.totalPages, setPage);

  return (
    <ListPage
      title={t('review.title')}
      badge={
        query.data ? (
          <Badge tone={query.data.total > 0 ? 'warning' : 'neutral'}>
            <span data-testid="kyc-pending-count">{query.data.total}</span>
            <span className="sr-only"> {t('review.pendingLabel')}</span>
          </Badge>
        ) : undefined
      }
      query={query}
      loading={<SkeletonCards height="h-40" />}
      errorTitle={t('listFailed')}
      isEmpty={(data) => data.kycs.length === 0}
      empty={<EmptyState icon={FileSearch} title={t('review.empty')} description={t('review.emptyBody')} />}
      paging={{ page, onPageChange: setPage, totalPage: (data) => data.totalPages }}
      dialogs={reviewing ? <KycReviewDialog kyc={reviewing} onClose={() => setReviewing(null)} /> : null}
    >
      {(data) => (
        <CardGrid label={t('review.title')} items={data.kycs} itemKey={(kyc) => kyc.id}>
          {(kyc) => (
            <article
              className="flex h-full flex-col gap-3 rounded-2xl border border-border bg-surface p-5"
              data-testid="kyc-card"
            >
              <div className="min-w-0">
                <p className="break-words font-semibold text-fg">
                  {kyc.user.firstname} {kyc.user.lastname}
                </p>
                <p className="break-all text-sm text-muted">{kyc.user.email}</p>
              </div>
              <dl className="space-y-1 text-sm">
                <div className="flex justify-between gap-3">
                  <dt className="text-muted">{t('fields.documentType')}</dt>
                  <dd className="text-fg">{t(`documentTypes.${kyc.documentType}`)}</dd>
                </div>
                <div className="flex justify-between gap-3">
                  <dt className="text-muted">{t('fields.submittedAt')}</dt>
                  <dd className="text-fg">
                    <time dateTime={kyc.submittedAt}>{format.dateTime(kyc.submittedAt)}</time>
                  </dd>
                </div>
              </dl>
              <div className="mt-auto border-t border-border pt-3">
                <Button variant="outline" size="sm" onClick={() => setReviewing(kyc)}>
                  <Eye className="h-4 w-4" aria-hidden="true" />
                  {t('review.open')}
                </Button>
              </div>
            </article>
          )}
        </CardGrid>
      )}
    </ListPage>
  );
}
