import type { TQuote } from '@meridian/contracts/market';
import type { TOrder } from '@meridian/contracts/orders';
import { Pencil, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Table, type TableColumn } from '@/components/ui/table';
import type { TOrderListState } from '../constants';
import {
  GoodUntilText,
  LivePriceCell,
  OrderLevels,
  OrderMarginCell,
  OrderOutcome,
  OrderPairCell,
  OrderPriceCell,
  useOrderName,
  WhenCell,
} from './order-parts';

export interface OrdersTableProps {
  orders: readonly TOrder[];
  /** Pending orders (with the live price, Edit and Cancel) or History (how each ended). */
  state: TOrderListState;
  quotes: readonly TQuote[];
  onEdit: (order: TOrder) => void;
  onCancel: (order: TOrder) => void;
}

/** The client's own position page, which a filled order links to. */
const positionPath = (id: string) => `/user/positions/${id}`;

/**
 * A page of the client's orders: the pair with the side, kind and leverage; the order's price; the
 * live price (pending) or how it ended (History: filled at what price, with its position, cancelled
 * or expired); the margin (and the commission held with it); the take-profit and stop-loss; until when it waits (pending) or when it
 * ended; and when it was placed. A pending order has Edit and Cancel. Cards below `xl`, so a phone
 * never scrolls sideways.
 */
export function OrdersTable({ orders, state, quotes, onEdit, onCancel }: OrdersTableProps) {
  const { t, i18n } = useTranslation('orders');
  const locale = i18n.resolvedLanguage;
  const nameOf = useOrderName();
  const pending = state === 'pending';
  const columns: TableColumn<TOrder>[] = [
    {
      id: 'pair',
      header: t('columns.pair'),
      hideInCard: true,
      cell: (o) => <OrderPairCell order={o} />,
    },
    { id: 'price', header: t('columns.price'), cell: (o) => <OrderPriceCell order={o} locale={locale} /> },
    pending
      ? {
          id: 'current',
          header: t('columns.currentPrice'),
          cell: (o) => (
            <LivePriceCell order={o} quote={quotes.find((quote) => quote.pair === o.asset)} locale={locale} />
          ),
        }
      : {
          id: 'status',
          header: t('columns.status'),
          cell: (o) => <OrderOutcome order={o} positionPath={positionPath} locale={locale} />,
        },
    {
      id: 'margin',
      header: t('columns.margin'),
      cell: (o) => <OrderMarginCell order={o} locale={locale} />,
    },
    { id: 'levels', header: t('columns.levels'), cell: (o) => <OrderLevels order={o} locale={locale} /> },
    pending
      ? {
          id: 'goodUntil',
          header: t('columns.goodUntil'),
          cell: (o) => <GoodUntilText goodUntil={o.goodUntil} locale={locale} />,
        }
      : { id: 'ended', header: t('columns.endedAt'), cell: (o) => <WhenCell iso={o.endedAt} locale={locale} /> },
    { id: 'placed', header: t('columns.placedAt'), cell: (o) => <WhenCell iso={o.createdAt} locale={locale} /> },
  ];
  return (
    <Table
      caption={t(pending ? 'list.captionPending' : 'list.captionDone')}
      columns={columns}
      rows={orders}
      rowKey={(o) => o.id}
      testId="order-row"
      tableFrom="xl"
      cardTitle={(o) => <OrderPairCell order={o} />}
      {...(pending
        ? {
            actionsHeader: <span className="sr-only">{t('actions')}</span>,
            actions: (o: TOrder, layout: 'table' | 'card') => (
              <div className={layout === 'table' ? 'flex flex-col items-stretch gap-1' : 'contents'}>
                <Button
                  variant="outline"
                  size="sm"
                  className={NO_WRAP}
                  onClick={() => onEdit(o)}
                  aria-label={t('editLabel', { order: nameOf(o, locale) })}
                  data-testid="order-edit"
                >
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                  {t('edit')}
                </Button>
                <Button
                  variant="dangerOutline"
                  size="sm"
                  className={NO_WRAP}
                  onClick={() => onCancel(o)}
                  aria-label={t('cancelLabel', { order: nameOf(o, locale) })}
                  data-testid="order-cancel"
                >
                  <X className="h-4 w-4" aria-hidden="true" />
                  {t('cancel')}
                </Button>
              </div>
            ),
          }
        : {})}
    />
  );
}

/** A row's buttons keep their words on one line (Japanese would otherwise break between any two characters). */
const NO_WRAP = 'shrink-0 whitespace-nowrap';
