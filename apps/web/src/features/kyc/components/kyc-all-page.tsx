import type { TKyc } from '@meridian/contracts/kyc';
import { Eye, FileSearch } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonList } from '@/components/ui/skeleton';
import { Table, type TableColumn } from '@/components/ui/table';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { usePageParam } from '@/hooks/use-page-param';
import { cn } from '@/lib/cn';
import { useKycList } from '../api/get-kyc-list';
import { KycReviewDialog } from './kyc-review-dialog';
import { KycStatusBadge } from './kyc-status-badge';

const FILTERS = ['all', 'pending'] as const;
type TFilter = (typeof FILTERS)[number];

/** /admin/kyc/all: every submission with an All / Pending filter; View opens the review dialog. */
export function KycAllPage() {
  const { t } = useTranslation('kyc');
  const format = useLocaleFormat();
  const [params, setParams] = useSearchParams();
  const filter: TFilter = params.get('status') === 'pending' ? 'pending' : 'all';
  const [page, setPage] = usePageParam();
  const query = useKycList('all', page, filter === 'pending' ? 'pending' : undefined);
  const [viewing, setViewing] = useState<TKyc | null>(null);

  const totalPages = query.data?.totalPages;
  useEffect(() => {
    if (totalPages !== undefined && page > totalPages) setPage(totalPages);
  }, [page, totalPages, setPage]);

  const choose = (next: TFilter) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      copy.delete('page');
      if (next === 'pending') copy.set('status', 'pending');
      else copy.delete('status');
      return copy;
    });

  const columns: TableColumn<TKyc>[] = [
    {
      id: 'user',
      header: t('fields.user'),
      hideInCard: true,
      cell: (kyc) => (
        <div className="min-w-0">
          <p className="font-medium text-fg">
            {kyc.user.firstname} {kyc.user.lastname}
          </p>
          <p className="break-all text-xs text-muted">{kyc.user.email}</p>
        </div>
      ),
    },
    { id: 'type', header: t('fields.documentType'), cell: (kyc) => t(`documentTypes.${kyc.documentType}`) },
    { id: 'status', header: t('fields.status'), cell: (kyc) => <KycStatusBadge status={kyc.status} /> },
    {
      id: 'submitted',
      header: t('fields.submitted'),
      cell: (kyc) => <time dateTime={kyc.submittedAt}>{format.dateTime(kyc.submittedAt)}</time>,
    },
    {
      id: 'reviewedBy',
      header: t('fields.reviewedBy'),
      cell: (kyc) => (kyc.reviewedBy ? `${kyc.reviewedBy.firstname} ${kyc.reviewedBy.lastname}` : '—'),
    },
  ];

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header className="space-y-4">
        <div>
          <h1 className="text-2xl font-semibold text-fg">{t('all.title')}</h1>
          <p className="mt-1 text-sm text-muted">{t('all.subtitle')}</p>
        </div>
        <fieldset className="flex gap-2">
          <legend className="sr-only">{t('all.filter')}</legend>
          {FILTERS.map((option) => (
            <Button
              key={option}
              size="sm"
              variant={filter === option ? 'primary' : 'outline'}
              aria-pressed={filter === option}
              onClick={() => choose(option)}
              className={cn(filter === option && 'pointer-events-none')}
            >
              {t(`all.filters.${option}`)}
            </Button>
          ))}
        </fieldset>
      </header>
      <QueryView
        query={query}
        loading={<SkeletonList rows={6} />}
        errorTitle={t('listFailed')}
        isEmpty={(data) => data.kycs.length === 0}
        empty={<EmptyState icon={FileSearch} title={t('all.empty')} />}
      >
        {(data) => (
          <div aria-busy={query.isPlaceholderData || undefined}>
            <Table
              caption={t('all.title')}
              columns={columns}
              rows={data.kycs}
              rowKey={(kyc) => kyc.id}
              testId="kyc-row"
              cardTitle={(kyc) => `${kyc.user.firstname} ${kyc.user.lastname}`}
              actionsHeader={t('all.view')}
              actions={(kyc) => (
                <Button variant="outline" size="sm" onClick={() => setViewing(kyc)}>
                  <Eye className="h-4 w-4" aria-hidden="true" />
                  {t('all.view')}
                </Button>
              )}
            />
            <Pager page={page} totalPage={data.totalPages} onPageChange={setPage} />
          </div>
        )}
      </QueryView>
      {viewing ? <KycReviewDialog kyc={viewing} onClose={() => setViewing(null)} /> : null}
    </div>
  );
}
