import { useParams } from 'react-router';
import { useLiveQuotes } from '@/features/market/hooks/use-live-quotes';
import { PositionDetail } from '@/features/positions/components/position-detail';
import { renderPositionChart } from '../shell/position-chart-slot';

/**
 * /user/positions/{positionId}: one of the client's positions, priced live from the market stream,
 * with its pair's chart, where the client drags its take-profit and stop-loss.
 */
export function ClientPositionPage() {
  const { positionId = '' } = useParams();
  const { quotes } = useLiveQuotes();
  return (
    <PositionDetail
      key={positionId}
      positionId={positionId}
      quotes={quotes}
      audience="client"
      chart={renderPositionChart}
    />
  );
}

export { ClientPositionPage as Component };
