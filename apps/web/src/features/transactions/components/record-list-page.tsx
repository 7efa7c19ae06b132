import { Receipt } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonList } from '@/components/ui/skeleton';
import { usePageParam } from '@/hooks/use-page-param';
import { type TRecordList, useRecordPage } from '../api/record-lists';
import { RecordTable } from './record-table';
import { TransactionTabs } from './transaction-tabs';

/**
 * Transaction, Deposit, Withdrawal and Investment Management: heading, tabs, the
 * table paged by 10, and its loading, empty and error states.
 */
export function RecordListPage({ list }: { list: TRecordList }) {
  const { t } = useTranslation('transactions');
  const [page, setPage] = usePageParam();
  const query = useRecordPage(list, page);

  // A page past the end (records were deleted, or an old link): go to the last page there is.
  const totalPage = query.data?.totalPage;
  useEffect(() => {
    if (totalPage !== undefined && page > Math.max(totalPage, 1)) setPage(Math.max(totalPage, 1));
  }, [page, totalPage, setPage]);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header className="space-y-4">
        <div>
          <h1 className="text-2xl font-semibold text-fg">{t(`backoffice:lists.${list}.title`)}</h1>
          <p className="mt-1 text-sm text-muted">{t(`backoffice:lists.${list}.subtitle`)}</p>
        </div>
        <TransactionTabs />
      </header>

      <QueryView
        query={query}
        loading={<SkeletonList rows={6} />}
        errorTitle={t('backoffice:lists.loadError')}
        isEmpty={(data) => data.records.length === 0}
        empty={<EmptyState icon={Receipt} title={t(`backoffice:lists.${list}.empty`)} />}
      >
        {(data) => (
          <div aria-busy={query.isPlaceholderData || undefined}>
            <RecordTable caption={t(`backoffice:lists.${list}.title`)} records={data.records} />
            <Pager page={page} totalPage={data.totalPage} onPageChange={setPage} />
          </div>
        )}
      </QueryView>
    </div>
  );
}
