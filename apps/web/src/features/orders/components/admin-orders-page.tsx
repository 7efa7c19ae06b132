import type { TQuote } from '@meridian/contracts/market';
import type { TOrder } from '@meridian/contracts/orders';
import { ClipboardList, History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ClientNameLink, clientDetailsPath } from '@/components/client-name-link';
import { EmptyState } from '@/components/ui/empty-state';
import { ListPage } from '@/components/ui/list-page';
import { Money } from '@/components/ui/money';
import { Table, type TableColumn } from '@/components/ui/table';
import { useKeepPageInRange, usePageParam } from '@/hooks/use-page-param';
import { formatMoney } from '@/lib/format';
import { useAllOrders } from '../api/get-all-orders';
import type { TOrderListState } from '../constants';
import { useOrderListState } from '../hooks/use-order-list-state';
import {
  GoodUntilText,
  LivePriceCell,
  OrderLevels,
  OrderOutcome,
  OrderPairCell,
  OrderPriceCell,
  WhenCell,
} from './order-parts';
import { OrderTabs } from './order-tabs';

export interface AdminOrdersPageProps {
  /** Live quotes of the pairs, from the market stream. */
  quotes: readonly TQuote[];
}

/**
 * Pending Orders (the back office): every client's limit and stop orders, newest first, 10 a page,
 * in two tabs: Pending (with the live price) and History (filled, with the position it opened,
 * cancelled or expired). Read only: the client edits and cancels their own.
 */
export function AdminOrdersPage({ quotes }: AdminOrdersPageProps) {
  const { t } = useTranslation('orders');
  const state = useOrderListState();
  const [page, setPage] = usePageParam();
  const query = useAllOrders(state, page);
  useKeepPageInRange(page, query.data?.totalPage, setPage);
  const pending = state === 'pending';

  return (
    <ListPage
      width="xl"
      title={t('admin.title')}
      subtitle={t('admin.subtitle')}
      below={<OrderTabs state={state} />}
      query={query}
      errorTitle={t('list.error')}
      isEmpty={(data) => data.orders.length === 0}
      empty={
        <EmptyState
          icon={pending ? ClipboardList : History}
          title={t(pending ? 'list.emptyPending' : 'list.emptyDone')}
          description={t(pending ? 'admin.emptyPendingHint' : 'admin.emptyDoneHint')}
        />
      }
      paging={{ page, onPageChange: setPage, totalPage: (data) => data.totalPage }}
    >
      {(data) => <AdminOrdersTable orders={data.orders} state={state} quotes={quotes} />}
    </ListPage>
  );
}

/** The desk's page of a position a filled order opened. */
const positionPath = (id: string) => `/admin/position-order/${id}`;

/** The client of an order (name over email), linking to their page. */
function ClientCell({ order }: { order: TOrder }) {
  const { t } = useTranslation('orders');
  const user = order.user;
  if (!user) {
    return (
      <Link to={clientDetailsPath(order.userId)} className="text-muted hover:text-primary">
        {t('admin.unknownClient')}
      </Link>
    );
  }
  const name = `${user.firstname} ${user.lastname}`.trim() || user.username;
  return <ClientNameLink userId={user.id} name={name} email={user.email} />;
}

/**
 * The desk's rows: client; the order (pair, side and kind, leverage, margin and the commission held
 * with it); its price with the
 * take-profit and stop-loss; the live price (pending) or how it ended; until when it waits (pending)
 * or when it ended; when it was placed. Six columns, so the table fits beside the sidebar from `xl`;
 * cards two to a row below.
 */
function AdminOrdersTable({
  orders,
  state,
  quotes,
}: {
  orders: readonly TOrder[];
  state: TOrderListState;
  quotes: readonly TQuote[];
}) {
  const { t, i18n } = useTranslation('orders');
  const locale = i18n.resolvedLanguage;
  const pending = state === 'pending';
  const columns: TableColumn<TOrder>[] = [
    { id: 'client', header: t('columns.client'), hideInCard: true, cell: (o) => <ClientCell order={o} /> },
    {
      id: 'order',
      header: t('columns.order'),
      cell: (o) => (
        <span className="inline-flex flex-col items-end gap-1 xl:items-start">
          <OrderPairCell order={o} />
          <span className="text-xs text-muted">
            <span className="sr-only">{t('columns.margin')}: </span>
            <Money amount={o.amount} />
          </span>
          {o.commission > 0 && (
            <span className="whitespace-nowrap text-xs text-muted" data-testid="order-commission">
              {t('commissionHeld', { amount: formatMoney(o.commission, locale) })}
            </span>
          )}
        </span>
      ),
    },
    {
      id: 'price',
      header: t('columns.price'),
      cell: (o) => (
        <span className="inline-flex flex-col items-end gap-1 xl:items-start">
          <OrderPriceCell order={o} locale={locale} />
          {(o.takeProfit !== null || o.stopLoss !== null) && (
            <OrderLevels order={o} locale={locale} className="text-xs text-muted" />
          )}
        </span>
      ),
    },
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
      caption={t(pending ? 'admin.captionPending' : 'admin.captionDone')}
      columns={columns}
      rows={orders}
      rowKey={(o) => o.id}
      testId="admin-order"
      tableFrom="xl"
      cardTitle={(o) => <ClientCell order={o} />}
    />
  );
}
