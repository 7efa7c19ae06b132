import type { TQuote } from '@meridian/contracts/market';
import { ChartCandlestick } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LatestCard } from '@/components/latest-card';
import { Money } from '@/components/ui/money';
import { formatDateTime, formatLeverage, formatMoney } from '@/lib/format';
import { useUserPositions } from '../api/get-user-positions';
import { LATEST_POSITIONS } from '../constants';
import { positionPath } from '../utils/position-row';
import { PositionLevels } from './position-levels';
import { PositionPnl } from './position-pnl';

/**
 * Dashboard: the client's latest positions, each with its margin (and the commission its opening
 * charged, when there was one), its result or live unrealised P&L, its take-profit and stop-loss when
 * set, and a link to its page; and View all.
 */
export function LatestPositions({ userId, quotes }: { userId: string; quotes: readonly TQuote[] }) {
  const { t, i18n } = useTranslation('positions');
  const query = useUserPositions(userId, 1);
  const items = query.data?.positions.slice(0, LATEST_POSITIONS) ?? [];
  return (
    <LatestCard
      id="latest-positions-title"
      title={t('latest.title')}
      viewAll={{ to: '/user/positions', label: t('latest.viewAll') }}
      query={query}
      items={items}
      rows={3}
      errorTitle={t('positions.error')}
      empty={{ icon: ChartCandlestick, title: t('positions.empty'), description: t('positions.emptyHint') }}
    >
      {(latest) => (
        <ul className="divide-y divide-border pb-2" data-testid="latest-positions">
          {latest.map((position) => (
            <li
              key={position.id}
              className="flex items-center justify-between gap-3 px-4 py-3 sm:px-6"
              data-testid="latest-position"
            >
              <span className="min-w-0">
                <Link
                  to={positionPath(position.id)}
                  className="block truncate text-sm font-medium text-fg hover:text-primary hover:underline"
                >
                  {position.asset} · {t(`positions.types.${position.type}`)} · {formatLeverage(position.leverage)}
                </Link>
                <span className="block truncate text-xs text-muted">
                  <Money amount={position.amount} />
                  {position.commission > 0 && (
                    <>
                      {' · '}
                      <span data-testid="position-commission">
                        {t('positions.commission', {
                          amount: formatMoney(position.commission, i18n.resolvedLanguage),
                        })}
                      </span>
                    </>
                  )}{' '}
                  · {formatDateTime(position.createdAt, i18n.resolvedLanguage)}
                </span>
                <PositionLevels position={position} locale={i18n.resolvedLanguage} />
              </span>
              <span className="shrink-0 text-sm">
                <PositionPnl position={position} quote={quotes.find((quote) => quote.pair === position.asset)} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </LatestCard>
  );
}
