import { useParams } from 'react-router';
import { useFreshClient } from '@/api/client';
import { WithdrawalMethodDetail } from '@/features/withdrawals/components/withdrawal-method-detail';
import { useSession } from '@/lib/session';

/** /user/withdrawalmethod/{id}: one withdrawal method, with the Make Withdrawal modal. */
export function WithdrawalMethodPage() {
  const { id = '' } = useParams();
  const current = useSession();
  // Whether withdrawals are enabled is the admin's call; read it fresh.
  useFreshClient(current?.user.id ?? '');
  if (!current) return null;
  return (
    <WithdrawalMethodDetail
      key={id}
      methodId={id}
      userId={current.user.id}
      withdrawalEnabled={current.user.withdrawalEnabled}
    />
  );
}

export { WithdrawalMethodPage as Component };
