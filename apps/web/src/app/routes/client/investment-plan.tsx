import { useParams } from 'react-router';
import { useDepositMethods } from '@/features/deposits/api/get-deposit-methods';
import { PlanDetail } from '@/features/investments/components/plan-detail';
import { useSession } from '@/lib/session';

/** /user/investmentplan/{id}: Investment Plan Details, with Invest From Balance and Invest Via Deposit. */
export function InvestmentPlanPage() {
  const { id = '' } = useParams();
  const current = useSession();
  // Invest Via Deposit offers the deposit methods (composed here: features do not import each other).
  const depositMethods = useDepositMethods();
  if (!current) return null;
  return <PlanDetail key={id} planId={id} userId={current.user.id} depositMethods={depositMethods} />;
}

export { InvestmentPlanPage as Component };
