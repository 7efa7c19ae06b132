import { useParams } from 'react-router';
import { TransactionDetail } from '@/features/transactions/components/transaction-detail';

/** /user/transaction/{transactionId}: one transaction of the client's history. */
export function TransactionPage() {
  const { transactionId = '' } = useParams();
  return <TransactionDetail key={transactionId} transactionId={transactionId} />;
}

export { TransactionPage as Component };
