import type { TQuote } from '@meridian/contracts/market';
import { ChartCandlestick, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Money } from '@/components/ui/money';
import { SkeletonList } from '@/components/ui/skeleton';
import { formatDateTime, formatLeverage } from '@/lib/format';
import { useUserPositions } from '../api/get-user-positions';
import { LATEST_POSITIONS } from '../constants';
import { PositionPnl } from './position-pnl';

/** Dashboard: the client's latest positions, each with its result or live unrealised P&L, and View all. */
export function LatestPositions({ userId, quotes }: { userId: string; quotes: readonly TQuote[] }) {
  const { t, i18n } = useTranslation('positions');
  const query = useUserPositions(userId, 1);
  const items = query.data?.positions.slice(0, LATEST_POSITIONS) ?? [];
  return (
    <section aria-labelledby="latest-positions-title" className="rounded-2xl border border-border bg-surface">
      <div className="flex items-center justify-between gap-3 px-4 pt-5 pb-3 sm:px-6">
        <h2 id="latest-positions-title" className="text-lg font-semibold text-fg">
          {t('latest.title')}
        </h2>
        <Link
          to="/user/positions"
          className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('latest.viewAll')}
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
      {query.isPending ? (
        <SkeletonList rows={3} className="px-4 pb-5 sm:px-6" />
      ) : query.isError ? (
        <div className="px-4 pb-5 sm:px-6">
          <ErrorState title={t('positions.error')} onRetry={() => query.refetch()} retrying={query.isFetching} />
        </div>
      ) : items.length === 0 ? (
        <div className="px-4 pb-5 sm:px-6">
          <EmptyState icon={ChartCandlestick} title={t('positions.empty')} description={t('positions.emptyHint')} />
        </div>
      ) : (
        <ul className="divide-y divide-border pb-2" data-testid="latest-positions">
          {items.map((position) => (
            <li
              key={position.id}
              className="flex items-center justify-between gap-3 px-4 py-3 sm:px-6"
              data-testid="latest-position"
            >
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium text-fg">
                  {position.asset} · {t(`positions.types.${position.type}`)} · {formatLeverage(position.leverage)}
                </span>
                <span className="block truncate text-xs text-muted">
                  <Money amount={position.amount} /> · {formatDateTime(position.createdAt, i18n.resolvedLanguage)}
                </span>
              </span>
              <span className="shrink-0 text-sm">
                <PositionPnl position={position} quote={quotes.find((quote) => quote.pair === position.asset)} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
