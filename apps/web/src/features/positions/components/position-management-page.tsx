import type { TQuote } from '@meridian/contracts/market';
import { ListOrdered, Radio } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonList } from '@/components/ui/skeleton';
import { usePageParam } from '@/hooks/use-page-param';
import { usePositions } from '../api/get-positions';
import { AdminPositionsTable } from './admin-positions-table';

export interface PositionManagementPageProps {
  /** Live quotes of the pairs, from the market stream. */
  quotes: readonly TQuote[];
  /** The stream is connected (otherwise the unrealised figures are the last ones known). */
  connected: boolean;
}

/**
 * /admin/position-order, Position Management: every client's positions, open ones first, paged by 10,
 * with live unrealised P&L and Close at market; loading, empty and error states.
 */
export function PositionManagementPage({ quotes, connected }: PositionManagementPageProps) {
  const { t } = useTranslation('positions');
  const [page, setPage] = usePageParam();
  const query = usePositions(page);

  // A page past the end (the list shrank meanwhile): go to the last page there is.
  const totalPage = query.data?.totalPage;
  useEffect(() => {
    if (totalPage !== undefined && page > Math.max(totalPage, 1)) setPage(Math.max(totalPage, 1));
  }, [page, totalPage, setPage]);

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold text-fg">{t('admin.title')}</h1>
          <p className="mt-1 text-sm text-muted">{t('admin.subtitle')}</p>
        </div>
        <p className="inline-flex items-center gap-1.5 text-xs text-muted" data-testid="positions-live">
          <Radio className={connected ? 'h-4 w-4 text-success' : 'h-4 w-4'} aria-hidden="true" />
          {t(connected ? 'admin.live' : 'admin.notLive')}
        </p>
      </header>

      <QueryView
        query={query}
        loading={<SkeletonList rows={6} />}
        errorTitle={t('admin.loadError')}
        isEmpty={(data) => data.positions.length === 0}
        empty={<EmptyState icon={ListOrdered} title={t('admin.empty')} description={t('admin.emptyBody')} />}
      >
        {(data) => (
          <div aria-busy={query.isPlaceholderData || undefined}>
            <AdminPositionsTable caption={t('admin.title')} positions={data.positions} quotes={quotes} />
            <Pager page={page} totalPage={data.totalPage} onPageChange={setPage} />
          </div>
        )}
      </QueryView>
    </div>
  );
}
