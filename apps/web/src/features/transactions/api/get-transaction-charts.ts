import { getTransactionCharts as getTransactionChartsEndpoint } from '@meridian/contracts/endpoints/transactions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/admin/charts/transactions?days → each day's deposits, withdrawals and investments by status. */
export function getTransactionCharts(days: number, signal?: AbortSignal) {
  return call(getTransactionChartsEndpoint, { query: { days } }, { signal });
}

/** Under the money records' family: deciding or deleting a record refreshes the charts too. */
export const getTransactionChartsQueryOptions = (days: number) =>
  queryOptions({
    queryKey: queryKeys.transactionCharts(days),
    queryFn: ({ signal }) => getTransactionCharts(days, signal),
  });

/** Another period keeps the current figures on screen until its own arrive. */
export function useTransactionCharts(days: number) {
  return useQuery({ ...getTransactionChartsQueryOptions(days), placeholderData: keepPreviousData });
}
