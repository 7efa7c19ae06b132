import { useParams } from 'react-router';
import { useLiveQuotes } from '@/features/market/hooks/use-live-quotes';
import { PositionDetail } from '@/features/positions/components/position-detail';

/** /admin/position-order/{id}: any client's position, priced live, with Close at market. */
export function AdminPositionPage() {
  const { id = '' } = useParams();
  const { quotes } = useLiveQuotes();
  return <PositionDetail key={id} positionId={id} quotes={quotes} audience="admin" />;
}

export { AdminPositionPage as Component };
