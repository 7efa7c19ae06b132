import { Receipt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { ListPage } from '@/components/ui/list-page';
import { useKeepPageInRange, usePageParam } from '@/hooks/use-page-param';
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
  useKeepPageInRange(page, query.data?.totalPage, setPage);

  return (
    <ListPage
      title={t(`backoffice:lists.${list}.title`)}
      subtitle={t(`backoffice:lists.${list}.subtitle`)}
      below={<TransactionTabs />}
      query={query}
      errorTitle={t('backoffice:lists.loadError')}
      isEmpty={(data) => data.records.length === 0}
      empty={<EmptyState icon={Receipt} title={t(`backoffice:lists.${list}.empty`)} />}
      paging={{ page, onPageChange: setPage, totalPage: (data) => data.totalPage }}
    >
      {(data) => (
        <RecordTable
          caption={t(`backoffice:lists.${list}.title`)}
          records={data.records}
          singleType={list === 'deposits' || list === 'withdrawals'}
        />
      )}
    </ListPage>
  );
}
