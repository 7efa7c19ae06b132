import { SignalTradesPage } from '@/features/signals/components/signal-trades-page';
import { useSession } from '@/lib/session';

/** /user/signal-trades: My Signal Trades. */
export function ClientSignalTradesPage() {
  const current = useSession();
  if (!current) return null;
  return <SignalTradesPage userId={current.user.id} />;
}

export { ClientSignalTradesPage as Component };
