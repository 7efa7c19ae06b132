import type { TQuote } from '@meridian/contracts/market';
import type { TPosition } from '@meridian/contracts/positions';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Money } from '@/components/ui/money';
import { Table, type TableColumn } from '@/components/ui/table';
import { formatDateTime, formatLeverage, formatPrice } from '@/lib/format';
import { PositionPnl } from './position-pnl';

export interface PositionsTableProps {
  positions: readonly TPosition[];
  quotes: readonly TQuote[];
  /** Close at market, asked for one open position. */
  onClose: (position: TPosition) => void;
}

/**
 * A page of positions: Pair, Type, Amount, Leverage, Status, P&L and Open Time, with Close on an open
 * one; cards below `lg`, so a phone never scrolls sideways.
 */
export function PositionsTable({ positions, quotes, onClose }: PositionsTableProps) {
  const { t, i18n } = useTranslation('positions');
  const locale = i18n.resolvedLanguage;
  const quoteOf = (position: TPosition) => quotes.find((quote) => quote.pair === position.asset);
  const columns: TableColumn<TPosition>[] = [
    {
      id: 'pair',
      header: t('positions.columns.pair'),
      hideInCard: true,
      cell: (p) => <PairCell position={p} locale={locale} />,
    },
    {
      id: 'type',
      header: t('positions.columns.type'),
      cell: (p) => <TypeBadge position={p} />,
    },
    {
      id: 'amount',
      header: t('positions.columns.amount'),
      className: 'whitespace-nowrap lg:text-right',
      cell: (p) => <Money amount={p.amount} />,
    },
    {
      id: 'leverage',
      header: t('positions.columns.leverage'),
      className: 'tabular-nums',
      cell: (p) => formatLeverage(p.leverage),
    },
    {
      id: 'status',
      header: t('positions.columns.status'),
      cell: (p) => <StatusCell position={p} locale={locale} />,
    },
    {
      id: 'pnl',
      header: t('positions.columns.pnl'),
      className: 'whitespace-nowrap',
      cell: (p) => <PositionPnl position={p} quote={quoteOf(p)} alignStartFromLg />,
    },
    {
      id: 'openTime',
      header: t('positions.columns.openTime'),
      className: 'whitespace-nowrap',
      cell: (p) => formatDateTime(p.createdAt, locale),
    },
  ];
  return (
    <Table
      caption={t('positions.caption')}
      columns={columns}
      rows={positions}
      rowKey={(p) => p.id}
      testId="position-row"
      tableFrom="lg"
      actionsHeader={<span className="sr-only">{t('positions.actions')}</span>}
      actions={(p) => {
        const time = formatDateTime(p.createdAt, locale);
        return (
          <>
            {p.status === 'open' && (
              <Button
                variant="dangerOutline"
                size="sm"
                onClick={() => onClose(p)}
                aria-label={t('positions.closeLabel', { pair: p.asset, time })}
                data-testid="position-close"
              >
                <X className="h-4 w-4" aria-hidden="true" />
                {t('positions.close')}
              </Button>
            )}
            {/* A position shares its id with its record in the client's history. */}
            <Button asChild variant="ghost" size="sm">
              <Link to={`/user/transaction/${p.id}`} aria-label={t('positions.detailsLabel', { pair: p.asset, time })}>
                {t('positions.details')}
              </Link>
            </Button>
          </>
        );
      }}
      cardTitle={(p) => <PairCell position={p} locale={locale} />}
    />
  );
}

function PairCell({ position, locale }: { position: TPosition; locale: string | undefined }) {
  const { t } = useTranslation('positions');
  return (
    <span className="block">
      <span className="block font-semibold text-fg">{position.asset}</span>
      <span className="block whitespace-nowrap text-xs font-normal text-muted">
        {t('positions.entry', { price: formatPrice(position.asset, position.entryPrice, locale) })}
      </span>
    </span>
  );
}

function TypeBadge({ position }: { position: TPosition }) {
  const { t } = useTranslation('positions');
  return <Badge tone={position.type === 'buy' ? 'info' : 'neutral'}>{t(`positions.types.${position.type}`)}</Badge>;
}

/** Open until it closes (with when it expires), then closed with why. */
function StatusCell({ position, locale }: { position: TPosition; locale: string | undefined }) {
  const { t } = useTranslation('positions');
  if (position.status === 'open') {
    return (
      <span className="block">
        <span className="block font-medium text-fg">{t('positions.statuses.open')}</span>
        <span className="block text-xs text-muted">
          {t('positions.expires', { time: formatDateTime(position.expiresAt, locale) })}
        </span>
      </span>
    );
  }
  return (
    <span className="block">
      <span className="block font-medium text-fg">{t('positions.statuses.closed')}</span>
      {position.closeReason && (
        <span className="block text-xs text-muted">{t(`positions.closeReasons.${position.closeReason}`)}</span>
      )}
      {position.closeNote && (
        <span className="block max-w-56 truncate text-xs text-muted" title={position.closeNote}>
          {position.closeNote}
        </span>
      )}
    </span>
  );
}
