import { BalanceOverview } from '@/features/balances/components/balance-overview';
import { useSession } from '@/lib/session';

/** /user/balance: Portfolio Balance. */
export function BalancePage() {
  const current = useSession();
  if (!current) return null;
  return (
    <div className="mx-auto max-w-5xl">
      <BalanceOverview userId={current.user.id} />
    </div>
  );
}

export { BalancePage as Component };
