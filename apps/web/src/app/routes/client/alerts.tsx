import { AlertsPage } from '@/features/alerts/components/alerts-page';
import { useLiveQuotes } from '@/features/market/hooks/use-live-quotes';

/** /user/alerts: the client's price alerts, checked against the live prices of the market stream. */
export function ClientAlertsPage() {
  const { quotes } = useLiveQuotes();
  return <AlertsPage quotes={quotes} />;
}

export { ClientAlertsPage as Component };
