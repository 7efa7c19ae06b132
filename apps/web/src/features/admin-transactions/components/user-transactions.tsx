import { Receipt } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Pager } from '@/components/ui/pager';
import { SkeletonList } from '@/components/ui/skeleton';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useUserTransactions } from '../api/get-user-transactions';
import { RecordTable } from './record-table';

/** One client's history on their detail page: deposits, withdrawals, investments and adjustments, paged by 10. */
export function UserTransactions({ userId }: { userId: string }) {
  const { t } = useTranslation('backoffice');
  const errorText = useApiErrorText();
  const [page, setPage] = useState(1);
  const query = useUserTransactions(userId, page);

  return (
    <section aria-labelledby="client-history-title" className="space-y-4">
      <h2 id="client-history-title" className="text-lg font-semibold text-fg">
        {t('client.history.title')}
      </h2>
      {query.isPending ? (
        <SkeletonList rows={3} />
      ) : query.isError ? (
        <ErrorState
          title={t('lists.loadError')}
          description={errorText(query.error)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.records.length === 0 ? (
        <EmptyState icon={Receipt} title={t('lists.transactions.empty')} />
      ) : (
        <div aria-busy={query.isPlaceholderData || undefined}>
          <RecordTable caption={t('client.history.title')} records={query.data.records} hideClient />
          <Pager page={page} totalPage={query.data.totalPage} onPageChange={setPage} />
        </div>
      )}
    </section>
  );
}
