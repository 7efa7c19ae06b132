import { TransactionChartsPage } from '@/features/transactions/components/transaction-charts-page';

/** /admin/charts: the transaction charts. */
export { TransactionChartsPage as Component };
