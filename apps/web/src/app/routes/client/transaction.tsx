import { useParams } from 'react-router';
import { DepositReferenceAction } from '@/features/deposits/components/deposit-reference-dialog';
import { TransactionDetail } from '@/features/transactions/components/transaction-detail';

/**
 * /user/transaction/{transactionId}: one transaction of the client's history; a pending deposit's
 * page lets its client give the transfer's hash or reference.
 */
export function TransactionPage() {
  const { transactionId = '' } = useParams();
  return (
    <TransactionDetail
      key={transactionId}
      transactionId={transactionId}
      referenceAction={(tx) => <DepositReferenceAction tx={tx} />}
    />
  );
}

export { TransactionPage as Component };
