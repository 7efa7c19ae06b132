import { useLiveQuotes } from '@/features/market/hooks/use-live-quotes';
import { PositionManagementPage } from '@/features/positions/components/position-management-page';

/** /admin/position-order: Position Management, priced live from the market stream. */
export function PositionOrderPage() {
  const { quotes, connected } = useLiveQuotes();
  return <PositionManagementPage quotes={quotes} connected={connected} />;
}

export { PositionOrderPage as Component };
