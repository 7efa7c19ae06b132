import { Receipt } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useSearchParams } from 'react-router';
import { BackLink } from '@/components/money/back-link';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonList } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { type THistoryKind, useHistory } from '../api/get-history';
import { TransactionTable } from './transaction-rows';

const TABS: { kind: THistoryKind; to: string }[] = [
  { kind: 'all', to: '/user/transactions' },
  { kind: 'deposits', to: '/user/deposits' },
  { kind: 'withdrawals', to: '/user/withdrawals' },
  { kind: 'investments', to: '/user/investments' },
];

/** The page number in `?page=`, so a page survives reload and Back. */
function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(raw) && raw >= 1 ? raw : 1;
  const setPage = (next: number) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next <= 1) copy.delete('page');
      else copy.set('page', String(next));
      return copy;
    });
  return [page, setPage];
}

/**
 * Activity History: all activity, or one of the Deposits, Withdrawals and Investments
 * tabs with a link back; 10 per page, the pager only when there is more than one page. `actions`
 * sit beside the title (the statement download, composed by the page).
 */
export function HistoryView({ userId, kind, actions }: { userId: string; kind: THistoryKind; actions?: ReactNode }) {
  const { t } = useTranslation('transactions');
  const [page, setPage] = usePageParam();
  const history = useHistory(userId, kind, page);
  const title = kind === 'all' ? t('history.title') : t(`history.tabs.${kind}`);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      {kind !== 'all' && <BackLink to="/user/transactions">{t('history.back')}</BackLink>}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-fg">{title}</h1>
          <p className="mt-1 text-sm text-muted">{t('history.subtitle')}</p>
        </div>
        {actions}
      </div>

      <nav aria-label={t('history.tabsLabel')} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="inline-flex min-w-max gap-1 rounded-xl border border-border bg-surface p-1">
          {TABS.map((tab) => (
            <li key={tab.kind}>
              <NavLink
                to={tab.to}
                end
                className={({ isActive }) =>
                  cn(
                    'block rounded-lg px-3.5 py-2 text-sm font-medium transition-colors',
                    isActive ? 'bg-primary text-primary-fg' : 'text-muted hover:bg-surface-2 hover:text-fg',
                  )
                }
              >
                {t(`history.tabs.${tab.kind}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <QueryView
        query={history}
        loading={<SkeletonList rows={6} />}
        errorTitle={t(`history.error.${kind}`)}
        errorDescription={() => null}
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyState icon={Receipt} title={t(`history.empty.${kind}`)} description={t('history.emptyHint')} />}
      >
        {(data) => (
          <div
            aria-busy={history.isPlaceholderData || undefined}
            className={cn(history.isPlaceholderData && 'opacity-60')}
          >
            <TransactionTable items={data.items} caption={title} />
            <Pager page={page} totalPage={data.totalPage} onPageChange={setPage} />
          </div>
        )}
      </QueryView>
    </div>
  );
}
