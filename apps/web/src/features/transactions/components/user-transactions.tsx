import { Receipt } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonList } from '@/components/ui/skeleton';
import { useUserTransactions } from '../api/get-user-transactions';
import { RecordTable } from './record-table';

/** One client's history on their detail page: deposits, withdrawals, investments and adjustments, paged by 10. */
export function UserTransactions({ userId }: { userId: string }) {
  const { t } = useTranslation('transactions');
  const [page, setPage] = useState(1);
  const query = useUserTransactions(userId, page);

  return (
    <section aria-labelledby="client-history-title" className="space-y-4">
      <h2 id="client-history-title" className="text-lg font-semibold text-fg">
        {t('clients:client.history.title')}
      </h2>
      <QueryView
        query={query}
        loading={<SkeletonList rows={3} />}
        errorTitle={t('backoffice:lists.loadError')}
        isEmpty={(data) => data.records.length === 0}
        empty={<EmptyState icon={Receipt} title={t('backoffice:lists.transactions.empty')} />}
      >
        {(data) => (
          <div aria-busy={query.isPlaceholderData || undefined}>
            <RecordTable caption={t('clients:client.history.title')} records={data.records} hideClient />
            <Pager page={page} totalPage={data.totalPage} onPageChange={setPage} />
          </div>
        )}
      </QueryView>
    </section>
  );
}
