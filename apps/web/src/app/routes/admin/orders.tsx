import { useLiveQuotes } from '@/features/market/hooks/use-live-quotes';
import { AdminOrdersPage } from '@/features/orders/components/admin-orders-page';

/** /admin/pending-orders: every client's limit and stop orders, pending ones priced live from the market stream. */
export function PendingOrdersPage() {
  const { quotes } = useLiveQuotes();
  return <AdminOrdersPage quotes={quotes} />;
}

export { PendingOrdersPage as Component };
