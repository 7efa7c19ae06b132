import { ChevronRight, Receipt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { SkeletonList } from '@/components/ui/skeleton';
import { useHistory } from '../api/get-history';
import { RECENT_TRANSACTIONS } from '../constants';
import { TransactionList } from './transaction-rows';

/** Dashboard: the 5 most recent movements, each linking to its detail, and View all. */
export function RecentTransactions({ userId }: { userId: string }) {
  const { t } = useTranslation('transactions');
  const history = useHistory(userId, 'all', 1);
  const items = history.data?.items.slice(0, RECENT_TRANSACTIONS) ?? [];
  return (
    <section aria-labelledby="recent-title" className="rounded-2xl border border-border bg-surface">
      <div className="flex items-center justify-between gap-3 px-4 pt-5 pb-3 sm:px-6">
        <h2 id="recent-title" className="text-lg font-semibold text-fg">
          {t('dashboard.recent')}
        </h2>
        <Link
          to="/user/transactions"
          className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-primary hover:underline underline-offset-4"
        >
          {t('dashboard.viewAll')}
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
      {history.isPending ? (
        <SkeletonList rows={RECENT_TRANSACTIONS} className="px-4 pb-5 sm:px-6" />
      ) : history.isError ? (
        <div className="px-4 pb-5 sm:px-6">
          <ErrorState title={t('history.error.all')} onRetry={() => history.refetch()} retrying={history.isFetching} />
        </div>
      ) : items.length === 0 ? (
        <div className="px-4 pb-5 sm:px-6">
          <EmptyState icon={Receipt} title={t('history.empty.all')} description={t('history.emptyHint')} />
        </div>
      ) : (
        <div className="pb-2">
          <TransactionList items={items} />
        </div>
      )}
    </section>
  );
}
