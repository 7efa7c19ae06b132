import { closePositionAtMarket } from '@meridian/contracts/endpoints/positions';
import type { TQuote } from '@meridian/contracts/market';
import type { TPosition } from '@meridian/contracts/positions';
import { CircleOff, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Money } from '@/components/ui/money';
import { Table, type TableColumn } from '@/components/ui/table';
import { useCan } from '@/hooks/use-can';
import { formatDateTime, formatLeverage, formatMoney, formatPrice } from '@/lib/format';
import { positionPath, positionRowAction, quoteOf } from '../utils/position-row';
import { CloseAtMarketDialog } from './close-at-market-dialog';
import { PositionLevels } from './position-levels';
import { ClientCell, SideBadge } from './position-parts';
import { AdminPositionPnl } from './position-pnl';
import { PositionStatus } from './position-status';

export interface AdminPositionsTableProps {
  caption: string;
  positions: readonly TPosition[];
  /** Live quotes of the pairs (the unrealised P&L of open positions, the price a close would take). */
  quotes: readonly TQuote[];
}

/**
 * Position Management's rows: client; pair (a link to the position's page), side, leverage, margin
 * (and the commission charged, when there was one) and when it opened; entry (and exit) price with
 * the spread it opened on and the take-profit and stop-loss; P&L; status with
 * when it expires (or that it does not) or when and why it
 * closed; and the row's action: Close at market while open, a disabled "Already Loss" or "Closed" after. Six columns, so the table
 * fits beside the sidebar from `xl`; cards two to a row below.
 */
export function AdminPositionsTable({ caption, positions, quotes }: AdminPositionsTableProps) {
  const { t, i18n } = useTranslation('positions');
  const locale = i18n.resolvedLanguage;
  const [closing, setClosing] = useState<TPosition | null>(null);

  const columns: TableColumn<TPosition>[] = [
    {
      id: 'client',
      header: t('backoffice:columns.client'),
      cell: (p) => <ClientCell user={p.user} userId={p.userId} />,
      hideInCard: true,
    },
    {
      id: 'position',
      header: t('admin.columns.position'),
      cell: (p) => (
        <span className="inline-flex flex-col items-end gap-1 xl:items-start">
          <Link
            to={positionPath(p.id, 'admin')}
            className="font-medium text-primary hover:underline"
            aria-label={t('admin.detailsLabel', { pair: p.asset, client: p.user?.email ?? '' })}
            data-testid="position-details"
          >
            {p.asset}
          </Link>
          <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
            <SideBadge type={p.type} />
            <span className="text-xs text-muted">
              <span className="sr-only">{t('admin.columns.leverage')} </span>
              {formatLeverage(p.leverage)}
            </span>
            <Money amount={p.amount} className="text-xs" />
          </span>
          {p.commission > 0 && (
            <span className="whitespace-nowrap text-xs text-muted" data-testid="position-commission">
              {t('positions.commission', { amount: formatMoney(p.commission, locale) })}
            </span>
          )}
          <span className="whitespace-nowrap text-xs text-muted">
            {t('admin.opened', { time: formatDateTime(p.createdAt, locale) })}
          </span>
        </span>
      ),
    },
    {
      id: 'price',
      header: t('admin.columns.price'),
      className: 'whitespace-nowrap tabular-nums',
      cell: (p) => (
        <span className="inline-flex flex-col items-end xl:items-start">
          <span>{formatPrice(p.asset, p.entryPrice, locale)}</span>
          {p.spread !== null && (
            <span className="text-xs text-muted">
              {t('admin.spread', { price: formatPrice(p.asset, p.spread, locale) })}
            </span>
          )}
          {p.exitPrice !== null && (
            <span className="text-xs text-muted">
              {t('admin.exit', { price: formatPrice(p.asset, p.exitPrice, locale) })}
            </span>
          )}
          <PositionLevels position={p} locale={locale} className="justify-end xl:justify-start" />
        </span>
      ),
    },
    {
      id: 'pnl',
      header: t('admin.columns.pnl'),
      className: 'whitespace-nowrap tabular-nums',
      cell: (p) => <AdminPositionPnl position={p} quote={quoteOf(quotes, p.asset)} />,
    },
    { id: 'status', header: t('backoffice:columns.status'), cell: (p) => <PositionStatus position={p} /> },
  ];

  return (
    <>
      <Table
        caption={caption}
        columns={columns}
        rows={positions}
        rowKey={(p) => p.id}
        testId="admin-position"
        tableFrom="xl"
        cardTitle={(p) => <ClientCell user={p.user} userId={p.userId} />}
        actionsHeader={<span className="sr-only">{t('backoffice:columns.actions')}</span>}
        actions={(p) => <RowAction position={p} onClose={() => setClosing(p)} />}
      />
      {closing && (
        <CloseAtMarketDialog
          position={closing}
          quote={quoteOf(quotes, closing.asset)}
          onClose={() => setClosing(null)}
        />
      )}
    </>
  );
}

/** A narrow column may wrap a label onto two lines: the button grows with it instead of clipping it. */
const WRAPPING = 'h-auto! min-h-8 py-1 text-center';

/** Close at market on an open position; a disabled button saying why not on a closed one. */
function RowAction({ position, onClose }: { position: TPosition; onClose: () => void }) {
  const { t } = useTranslation('positions');
  const action = positionRowAction(position);
  const what = t('admin.rowName', { pair: position.asset, client: position.user?.email ?? '' });
  const canClose = useCan(closePositionAtMarket.permission);
  if (action === 'close' && !canClose) return null;
  if (action === 'close') {
    return (
      <Button variant="dangerOutline" size="sm" className={WRAPPING} onClick={onClose} data-testid="position-close">
        <XCircle className="h-4 w-4" aria-hidden="true" />
        {t('admin.closeAtMarket')}
        <span className="sr-only">: {what}</span>
      </Button>
    );
  }
  return (
    <Button variant="outline" size="sm" className={WRAPPING} disabled data-testid="position-done">
      <CircleOff className="h-4 w-4" aria-hidden="true" />
      {t(action === 'alreadyLoss' ? 'admin.alreadyLoss' : 'admin.closedLabel')}
      <span className="sr-only">: {what}</span>
    </Button>
  );
}
