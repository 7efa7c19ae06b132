import { SignalsPage } from '@/features/signals/components/signals-page';
import { useSession } from '@/lib/session';

/** /user/signals: Trading Signals, with their countdowns and Join. */
export function ClientSignalsPage() {
  const current = useSession();
  if (!current) return null;
  return <SignalsPage userId={current.user.id} />;
}

export { ClientSignalsPage as Component };
