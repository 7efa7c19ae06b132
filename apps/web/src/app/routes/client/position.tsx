import { useParams } from 'react-router';
import { useLiveQuotes } from '@/features/market/hooks/use-live-quotes';
import { PositionDetail } from '@/features/positions/components/position-detail';

/** /user/positions/{positionId}: one of the client's positions, priced live from the market stream. */
export function ClientPositionPage() {
  const { positionId = '' } = useParams();
  const { quotes } = useLiveQuotes();
  return <PositionDetail key={positionId} positionId={positionId} quotes={quotes} audience="client" />;
}

export { ClientPositionPage as Component };
