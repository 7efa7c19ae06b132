import { useParams } from 'react-router';
import { useLiveQuotes } from '@/features/market/hooks/use-live-quotes';
import { PositionDetail } from '@/features/positions/components/position-detail';
import { renderPositionChart } from '../shell/position-chart-slot';

/** /admin/position-order/{id}: any client's position, priced live, with its pair's chart (read only) and Close at market. */
export function AdminPositionPage() {
  const { id = '' } = useParams();
  const { quotes } = useLiveQuotes();
  return <PositionDetail key={id} positionId={id} quotes={quotes} audience="admin" chart={renderPositionChart} />;
}

export { AdminPositionPage as Component };
