import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { WhenVisible } from '@/components/when-visible';
import { ClientList } from '@/features/clients/components/client-list';
import { SummaryCards } from '@/features/clients/components/summary-cards';
import { useSession } from '@/lib/session';

// recharts is heavy: the charts arrive in their own chunk, after the cards and the table, once near the screen.
const TransactionCharts = lazy(() => import('@/features/clients/components/transaction-charts'));

/** /admin, the Dashboard: the five summary cards, Client Management and the transaction charts. */
export function AdminOverviewPage() {
  const { t } = useTranslation(['clients', 'shell']);
  const current = useSession();
  const name = current ? `${current.user.firstname} ${current.user.lastname}`.trim() : '';
  return (
    <div className="mx-auto max-w-7xl space-y-8">
      <header>
        <h1 className="text-2xl font-semibold text-fg">{t('shell:admin.nav.overview')}</h1>
        {name && <p className="mt-1 text-sm text-muted">{t('shell:admin.signedInAs', { name })}</p>}
      </header>
      <SummaryCards />
      <ClientList />
      {/* Below the fold on a phone: the chart code loads as the charts come near the screen. */}
      <WhenVisible minHeight="24rem" margin="0px">
        <Suspense fallback={<Skeleton className="h-96 w-full rounded-2xl" />}>
          <TransactionCharts />
        </Suspense>
      </WhenVisible>
    </div>
  );
}

export { AdminOverviewPage as Component };
