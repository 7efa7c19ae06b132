import { useFreshClient } from '@/api/client';
import { PlansPage } from '@/features/investments/components/plans-page';
import { useSession } from '@/lib/session';

/** /user/investmentplan: Trading Plans, with the buttons the client's current plan calls for. */
export function InvestmentPlansPage() {
  const current = useSession();
  const userId = current?.user.id ?? '';
  // The plan an admin may have set since sign-in (an approved investment or upgrade).
  useFreshClient(userId);
  if (!current) return null;
  return <PlansPage userId={current.user.id} clientPlan={current.user.plan} />;
}

export { InvestmentPlansPage as Component };
