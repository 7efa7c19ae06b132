import { RecordListPage } from '@/features/transactions/components/record-list-page';

/** /admin/transactions: Transaction Management, every type. */
export function TransactionsPage() {
  return <RecordListPage key="transactions" list="transactions" />;
}

/** /admin/deposits: Deposit Management. */
export function DepositsPage() {
  return <RecordListPage key="deposits" list="deposits" />;
}

/** /admin/withdrawals: Withdrawal Management. */
export function WithdrawalsPage() {
  return <RecordListPage key="withdrawals" list="withdrawals" />;
}

/** /admin/investments: Investment Management. */
export function InvestmentsPage() {
  return <RecordListPage key="investments" list="investments" />;
}
