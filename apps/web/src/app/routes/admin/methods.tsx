import { useParams } from 'react-router';
import { MethodDetail } from '@/features/methods/components/method-detail';
import { MethodsGrid } from '@/features/methods/components/methods-grid';

/** /admin/depositmethods */
export function DepositMethodsPage() {
  return <MethodsGrid kind="deposit" />;
}

/** /admin/withdrawalmethods */
export function WithdrawalMethodsPage() {
  return <MethodsGrid kind="withdrawal" />;
}

/** /admin/depositmethod/{id}; a new id is a new page (state starts over). */
export function DepositMethodPage() {
  const { id = '' } = useParams();
  return <MethodDetail key={id} kind="deposit" id={id} />;
}

/** /admin/withdrawalmethod/{id} (the spec's /admin/withdarwalMethod/{id} redirects here). */
export function WithdrawalMethodPage() {
  const { id = '' } = useParams();
  return <MethodDetail key={id} kind="withdrawal" id={id} />;
}
