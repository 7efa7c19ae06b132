import { Receipt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LatestCard } from '@/components/latest-card';
import { useHistory } from '../api/get-history';
import { RECENT_TRANSACTIONS } from '../constants';
import { TransactionList } from './transaction-rows';

const VIEWS = {
  all: { id: 'recent-title', title: 'dashboard.recent', to: '/user/transactions' },
  deposits: { id: 'recent-deposits-title', title: 'dashboard.recentDeposits', to: '/user/deposits' },
} as const;

/**
 * The 5 most recent movements, each linking to its detail, and View all: every kind on the
 * dashboard, the deposits on the deposit page.
 */
export function RecentTransactions({ userId, kind = 'all' }: { userId: string; kind?: keyof typeof VIEWS }) {
  const { t } = useTranslation('transactions');
  const view = VIEWS[kind];
  const history = useHistory(userId, kind, 1);
  const items = history.data?.items.slice(0, RECENT_TRANSACTIONS) ?? [];
  return (
    <LatestCard
      id={view.id}
      title={t(view.title)}
      viewAll={{ to: view.to, label: t('dashboard.viewAll') }}
      query={history}
      items={items}
      rows={RECENT_TRANSACTIONS}
      errorTitle={t(`history.error.${kind}`)}
      empty={{ icon: Receipt, title: t(`history.empty.${kind}`), description: t('history.emptyHint') }}
    >
      {(recent) => (
        <div className="pb-2">
          <TransactionList items={recent} />
        </div>
      )}
    </LatestCard>
  );
}
