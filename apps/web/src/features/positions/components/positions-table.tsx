import type { TQuote } from '@meridian/contracts/market';
import { closingSide, priceDistance } from '@meridian/contracts/position-terms';
import type { TPosition } from '@meridian/contracts/positions';
import { Pencil, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Money } from '@/components/ui/money';
import { Table, type TableColumn } from '@/components/ui/table';
import { formatDate, formatDateTime, formatLeverage, formatMoney, formatPrice, formatTime } from '@/lib/format';
import { closingPrice } from '@/lib/quote-sides';
import { formatMovePercent } from '../utils/position-review';
import { positionPath } from '../utils/position-row';
import { ExpiryText, PositionLevels } from './position-levels';
import { PositionStatusBadge } from './position-parts';
import { PositionPnl } from './position-pnl';

export interface PositionsTableProps {
  positions: readonly TPosition[];
  quotes: readonly TQuote[];
  /** Close at market, asked for one open position. */
  onClose: (position: TPosition) => void;
  /** Edit TP/SL, asked for one open position. */
  onEditLevels: (position: TPosition) => void;
}

/**
 * A page of positions: Pair (with its type and leverage, entry, take-profit and stop-loss), Amount
 * (with the commission charged, when there was one), the current price (the side it would close at)
 * and the stop-out price, Status, P&L and Open Time, with Close and Edit TP/SL on
 * an open one and Details (its page) on each; cards below `lg`, so a phone never scrolls sideways.
 */
export function PositionsTable({ positions, quotes, onClose, onEditLevels }: PositionsTableProps) {
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
      id: 'amount',
      header: t('positions.columns.amount'),
      className: 'lg:text-right',
      cell: (p) => <AmountCell position={p} />,
    },
    {
      id: 'price',
      header: t('positions.columns.currentPrice'),
      className: 'tabular-nums',
      cell: (p) => <PriceCell position={p} quote={quoteOf(p)} locale={locale} />,
    },
    {
      id: 'stopOut',
      header: t('positions.columns.stopOut'),
      className: 'tabular-nums',
      cell: (p) => <StopOutCell position={p} quote={quoteOf(p)} locale={locale} />,
    },
    {
      id: 'status',
      header: t('positions.columns.status'),
      cell: (p) => <StatusCell position={p} locale={locale} />,
    },
    {
      id: 'pnl',
      header: t('positions.columns.pnl'),
      cell: (p) => <PositionPnl position={p} quote={quoteOf(p)} alignStartFromLg />,
    },
    {
      id: 'openTime',
      header: t('positions.columns.openTime'),
      // Date over time in the table: the row stays narrow enough to fit beside the sidebar.
      cell: (p) => (
        <span className="block whitespace-nowrap">
          <span className="lg:block">{formatDate(p.createdAt, locale)}</span>{' '}
          <span className="lg:block">{formatTime(p.createdAt, locale)}</span>
        </span>
      ),
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
      actions={(p, layout) => {
        const time = formatDateTime(p.createdAt, locale);
        return (
          // Stacked in the table (a narrower column), side by side at the foot of a card.
          <div className={layout === 'table' ? 'flex flex-col items-stretch gap-1' : 'contents'}>
            {p.status === 'open' && (
              <Button
                variant="dangerOutline"
                size="sm"
                className={NO_WRAP}
                onClick={() => onClose(p)}
                aria-label={t('positions.closeLabel', { pair: p.asset, time })}
                data-testid="position-close"
              >
                <X className="h-4 w-4" aria-hidden="true" />
                {t('positions.close')}
              </Button>
            )}
            {p.status === 'open' && (
              <Button
                variant="outline"
                size="sm"
                className={NO_WRAP}
                onClick={() => onEditLevels(p)}
                aria-label={t('levels.editLabel', { pair: p.asset, time })}
                data-testid="position-edit-levels"
              >
                <Pencil className="h-4 w-4" aria-hidden="true" />
                {t('levels.edit')}
              </Button>
            )}
            <ButtonLink
              variant="ghost"
              size="sm"
              className={NO_WRAP}
              to={positionPath(p.id)}
              aria-label={t('positions.detailsLabel', { pair: p.asset, time })}
              data-testid="position-details"
            >
              {t('positions.details')}
            </ButtonLink>
          </div>
        );
      }}
      cardTitle={(p) => <PairCell position={p} locale={locale} />}
    />
  );
}

/**
 * A row's buttons keep their words on one line: in a narrow column a flex item may otherwise shrink
 * until Japanese, which breaks between any two characters, stands one character a line.
 */
const NO_WRAP = 'shrink-0 whitespace-nowrap';

/** The margin, with the commission its opening charged under it (none: nothing more). */
function AmountCell({ position }: { position: TPosition }) {
  const { t, i18n } = useTranslation('positions');
  return (
    <span className="block">
      <Money amount={position.amount} className="block whitespace-nowrap" />
      {position.commission > 0 && (
        <span className="block text-xs text-muted" data-testid="position-commission">
          {t('positions.commission', { amount: formatMoney(position.commission, i18n.resolvedLanguage) })}
        </span>
      )}
    </span>
  );
}

/**
 * While open, the live price it would close at, named (a buy's bid, a sell's ask: what its result is
 * measured at), or a dash without a fresh one; the exit price once closed.
 */
function PriceCell({
  position,
  quote,
  locale,
}: {
  position: TPosition;
  quote: TQuote | undefined;
  locale: string | undefined;
}) {
  const { t } = useTranslation(['positions', 'market']);
  if (position.status === 'closed') {
    return (
      <span className="whitespace-nowrap text-muted">
        {position.exitPrice === null
          ? '—'
          : t('admin.exit', { price: formatPrice(position.asset, position.exitPrice, locale) })}
      </span>
    );
  }
  const live = closingPrice(position.type, quote);
  if (live === null) {
    return (
      <span className="text-muted">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t('admin.noLivePrice')}</span>
      </span>
    );
  }
  return (
    <span className="block whitespace-nowrap">
      <span className="block" data-testid="position-current-price">
        {formatPrice(position.asset, live, locale)}
      </span>
      <span className="block text-xs text-muted">{t(`market:columns.${closingSide(position.type)}`)}</span>
    </span>
  );
}

/**
 * The stop-out price, with how far the live price it is measured at (the closing side) is from it
 * while open; "None" for a buy at 1:1.
 */
function StopOutCell({
  position,
  quote,
  locale,
}: {
  position: TPosition;
  quote: TQuote | undefined;
  locale: string | undefined;
}) {
  const { t } = useTranslation('positions');
  if (position.stopOutPrice === null) return <span className="text-muted">{t('review.noStopOut')}</span>;
  const live = position.status === 'open' ? closingPrice(position.type, quote) : null;
  const distance = live === null ? null : priceDistance(position.asset, live, position.stopOutPrice);
  return (
    <span className="block whitespace-nowrap">
      <span className="block" data-testid="position-stop-out-price">
        {formatPrice(position.asset, position.stopOutPrice, locale)}
      </span>
      {distance && (
        <span className="block text-xs text-muted">
          {t('positions.stopOutAway', { percent: formatMovePercent(distance.percent, locale) })}
        </span>
      )}
    </span>
  );
}

/**
 * The pair, with its type (Buy or Sell) and leverage under it, its entry price, and its take-profit and
 * stop-loss when set: the spec's Type and Leverage columns, held in the pair's cell so the current and
 * stop-out prices fit beside the sidebar at 1280 px in every language (docs/deviations.md).
 */
function PairCell({ position, locale }: { position: TPosition; locale: string | undefined }) {
  const { t } = useTranslation('positions');
  return (
    <span className="block">
      <span className="block font-semibold text-fg">{position.asset}</span>
      <span className="mt-1 flex items-center gap-2 font-normal">
        <span className="sr-only">{t('positions.columns.type')}: </span>
        <TypeBadge position={position} />
        <span className="text-sm tabular-nums text-fg">
          <span className="sr-only">{t('positions.columns.leverage')}: </span>
          {formatLeverage(position.leverage)}
        </span>
      </span>
      <span className="mt-1 block whitespace-nowrap text-xs font-normal text-muted">
        {t('positions.entry', { price: formatPrice(position.asset, position.entryPrice, locale) })}
      </span>
      <PositionLevels position={position} locale={locale} className="mt-0.5" />
    </span>
  );
}

function TypeBadge({ position }: { position: TPosition }) {
  const { t } = useTranslation('positions');
  return <Badge tone={position.type === 'buy' ? 'info' : 'neutral'}>{t(`positions.types.${position.type}`)}</Badge>;
}

/** Open until it closes (with when it expires, or that it does not), then closed with why. */
function StatusCell({ position, locale }: { position: TPosition; locale: string | undefined }) {
  const { t } = useTranslation('positions');
  if (position.status === 'open') {
    return (
      <span className="block">
        <PositionStatusBadge status="open" />
        <span className="mt-1 block text-xs text-muted" data-testid="position-expiry">
          <ExpiryText expiresAt={position.expiresAt} label="positions.expires" locale={locale} />
        </span>
      </span>
    );
  }
  return (
    <span className="block">
      <PositionStatusBadge status="closed" />
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
