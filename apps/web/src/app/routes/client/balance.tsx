import { BalanceOverview } from '@/features/balances/components/balance-overview';
import { useSession } from '@/lib/session';
import { LiveAccountHeader } from './live-account-header';

/** /user/balance: Portfolio Balance, with the account header at live prices. */
export function BalancePage() {
  const current = useSession();
  if (!current) return null;
  const userId = current.user.id;
  return (
    <div className="mx-auto max-w-5xl">
      <BalanceOverview userId={userId} header={(hidden) => <LiveAccountHeader userId={userId} hidden={hidden} />} />
    </div>
  );
}

export { BalancePage as Component };
