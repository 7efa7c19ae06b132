import { useParams } from 'react-router';
import { DepositMethodDetail } from '@/features/deposits/components/deposit-method-detail';
import { useSession } from '@/lib/session';

/** /user/depositmethod/{id}: one deposit method, with the Make Deposit dialog. */
export function DepositMethodPage() {
  const { id = '' } = useParams();
  const current = useSession();
  if (!current) return null;
  return <DepositMethodDetail key={id} methodId={id} userId={current.user.id} />;
}

export { DepositMethodPage as Component };
