import { useParams } from 'react-router';
import { TransactionOverview } from '@/features/transactions/components/transaction-overview';

/** /admin/transaction-overview/{id} */
export function TransactionOverviewPage() {
  const { id = '' } = useParams();
  return <TransactionOverview key={id} id={id} />;
}

export { TransactionOverviewPage as Component };
