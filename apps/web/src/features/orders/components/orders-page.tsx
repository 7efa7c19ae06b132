import type { TQuote } from '@meridian/contracts/market';
import type { TOrder } from '@meridian/contracts/orders';
import { ClipboardList, History } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';
import { ListPage } from '@/components/ui/list-page';
import { useKeepPageInRange, usePageParam } from '@/hooks/use-page-param';
import { useOwnOrders } from '../api/get-own-orders';
import { useOrderListState } from '../hooks/use-order-list-state';
import { CancelOrderDialog } from './cancel-order-dialog';
import { EditOrderDialog } from './edit-order-dialog';
import { OrderTabs } from './order-tabs';
import { OrdersTable } from './orders-table';

export interface OrdersPageProps {
  userId: string;
  /** The live quotes of the pairs (the page reads the price stream and hands them in). */
  quotes: readonly TQuote[];
}

/**
 * /user/orders: the client's limit and stop orders, 10 a page, in two tabs: Pending (each with the
 * live price, Edit and Cancel) and History (filled, with the position it opened, cancelled or
 * expired). Orders are placed from the order form (dashboard, Open Trade).
 */
export function OrdersPage({ userId, quotes }: OrdersPageProps) {
  const { t } = useTranslation('orders');
  const state = useOrderListState();
  const [page, setPage] = usePageParam();
  const query = useOwnOrders(state, page);
  useKeepPageInRange(page, query.data?.totalPage, setPage);
  const [editing, setEditing] = useState<TOrder | null>(null);
  const [cancelling, setCancelling] = useState<TOrder | null>(null);
  const pending = state === 'pending';

  return (
    <ListPage
      width="xl"
      title={t('title')}
      subtitle={t('subtitle')}
      below={<OrderTabs state={state} />}
      query={query}
      errorTitle={t('list.error')}
      isEmpty={(data) => data.orders.length === 0}
      empty={
        <EmptyState
          icon={pending ? ClipboardList : History}
          title={t(pending ? 'list.emptyPending' : 'list.emptyDone')}
          description={t(pending ? 'list.emptyPendingHint' : 'list.emptyDoneHint')}
          action={
            pending ? (
              <ButtonLink to="/user" variant="outline">
                {t('list.placeOne')}
              </ButtonLink>
            ) : undefined
          }
        />
      }
      paging={{ page, onPageChange: setPage, totalPage: (data) => data.totalPage }}
      dialogs={
        <>
          {editing && (
            <EditOrderDialog
              key={editing.id}
              order={editing}
              quote={quotes.find((quote) => quote.pair === editing.asset)}
              onClose={() => setEditing(null)}
            />
          )}
          <CancelOrderDialog userId={userId} order={cancelling} onClose={() => setCancelling(null)} />
        </>
      }
    >
      {(data) => (
        <OrdersTable orders={data.orders} state={state} quotes={quotes} onEdit={setEditing} onCancel={setCancelling} />
      )}
    </ListPage>
  );
}
