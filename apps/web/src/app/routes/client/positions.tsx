import { useLiveQuotes } from '@/features/market/hooks/use-live-quotes';
import { PositionsPage } from '@/features/positions/components/positions-page';
import { useSession } from '@/lib/session';

/** /user/positions: the client's positions, priced live from the market stream. */
export function ClientPositionsPage() {
  const current = useSession();
  const { quotes } = useLiveQuotes();
  if (!current) return null;
  return <PositionsPage userId={current.user.id} quotes={quotes} />;
}

export { ClientPositionsPage as Component };
