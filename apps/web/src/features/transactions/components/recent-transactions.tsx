import { Receipt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LatestCard } from '@/components/latest-card';
import { useHistory } from '../api/get-history';
import { RECENT_TRANSACTIONS } from '../constants';
import { TransactionList } from './transaction-rows';

/** Dashboard: the 5 most recent movements, each linking to its detail, and View all. */
export function RecentTransactions({ userId }: { userId: string }) {
  const { t } = useTranslation('transactions');
  const history = useHistory(userId, 'all', 1);
  const items = history.data?.items.slice(0, RECENT_TRANSACTIONS) ?? [];
  return (
    <LatestCard
      id="recent-title"
      title={t('dashboard.recent')}
      viewAll={{ to: '/user/transactions', label: t('dashboard.viewAll') }}
      query={history}
      items={items}
      rows={RECENT_TRANSACTIONS}
      errorTitle={t('history.error.all')}
      empty={{ icon: Receipt, title: t('history.empty.all'), description: t('history.emptyHint') }}
    >
      {(recent) => (
        <div className="pb-2">
          <TransactionList items={recent} />
        </div>
      )}
    </LatestCard>
  );
}
