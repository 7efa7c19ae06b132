import type { TQuote } from '@meridian/contracts/market';
import { ListOrdered, Radio } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { ListPage } from '@/components/ui/list-page';
import { useKeepPageInRange, usePageParam } from '@/hooks/use-page-param';
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
  useKeepPageInRange(page, query.data?.totalPage, setPage);

  return (
    <ListPage
      width="xl"
      title={t('admin.title')}
      subtitle={t('admin.subtitle')}
      actions={
        <p className="inline-flex items-center gap-1.5 text-xs text-muted" data-testid="positions-live">
          <Radio className={connected ? 'h-4 w-4 text-success' : 'h-4 w-4'} aria-hidden="true" />
          {t(connected ? 'admin.live' : 'admin.notLive')}
        </p>
      }
      query={query}
      errorTitle={t('admin.loadError')}
      isEmpty={(data) => data.positions.length === 0}
      empty={<EmptyState icon={ListOrdered} title={t('admin.empty')} description={t('admin.emptyBody')} />}
      paging={{ page, onPageChange: setPage, totalPage: (data) => data.totalPage }}
    >
      {(data) => <AdminPositionsTable caption={t('admin.title')} positions={data.positions} quotes={quotes} />}
    </ListPage>
  );
}
