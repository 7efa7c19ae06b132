import { PositionManagementPage } from '@/features/admin-positions/components/position-management-page';
import { useLiveQuotes } from '@/features/market/hooks/use-live-quotes';

/** /admin/position-order: Position Management, priced live from the market stream. */
export function PositionOrderPage() {
  const { quotes, connected } = useLiveQuotes();
  return <PositionManagementPage quotes={quotes} connected={connected} />;
}

export { PositionOrderPage as Component };
