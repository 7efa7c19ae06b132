import { useLiveQuotes } from '@/features/market/hooks/use-live-quotes';
import { OrdersPage } from '@/features/orders/components/orders-page';
import { useSession } from '@/lib/session';

/** /user/orders: the client's limit and stop orders, pending ones priced live from the market stream. */
export function ClientOrdersPage() {
  const current = useSession();
  const { quotes } = useLiveQuotes();
  if (!current) return null;
  return <OrdersPage userId={current.user.id} quotes={quotes} />;
}

export { ClientOrdersPage as Component };
