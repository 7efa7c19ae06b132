import { PayoutActivitiesPage } from '@/features/payouts/components/payout-activities-page';
import { useSession } from '@/lib/session';

/** /user/trade-activities: the last 24 hours of the client's payouts, refreshed every 30 s. */
export function ClientTradeActivitiesPage() {
  const current = useSession();
  if (!current) return null;
  return <PayoutActivitiesPage userId={current.user.id} />;
}

export { ClientTradeActivitiesPage as Component };
