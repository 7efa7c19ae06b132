import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import type { TAdminRecord } from '../utils/record-rules';
import { getDeposits } from './get-deposits';
import { getInvestments } from './get-investments';
import { getTransactions } from './get-transactions';
import { getWithdrawals } from './get-withdrawals';

export type TRecordList = 'transactions' | 'deposits' | 'withdrawals' | 'investments';

export interface TRecordPage {
  /** Investments come with their terms (what their status dialog needs to know). */
  records: TAdminRecord[];
  totalPage: number;
}

type TFetchPage = (page: number, signal?: AbortSignal) => Promise<TRecordPage>;

/** The four admin lists: each its own call, its answer read as one page of records. */
const RECORD_LISTS: Record<TRecordList, TFetchPage> = {
  transactions: async (page, signal) => {
    const { transactions, totalPage } = await getTransactions(page, signal);
    return { records: transactions, totalPage };
  },
  deposits: async (page, signal) => {
    const { deposits, totalPage } = await getDeposits(page, signal);
    return { records: deposits, totalPage };
  },
  withdrawals: async (page, signal) => {
    const { withdrawals, totalPage } = await getWithdrawals(page, signal);
    return { records: withdrawals, totalPage };
  },
  investments: async (page, signal) => {
    const { investments, totalPage } = await getInvestments(page, signal);
    return { records: investments, totalPage };
  },
};

export const getRecordPageQueryOptions = (list: TRecordList, page: number) =>
  queryOptions({
    queryKey: [...queryKeys.transactions(), 'list', list, { page }],
    queryFn: ({ signal }) => RECORD_LISTS[list](page, signal),
    // The previous page stays on screen while the next one loads: no flash of the loading state.
    placeholderData: keepPreviousData,
  });

export function useRecordPage(list: TRecordList, page: number) {
  return useQuery(getRecordPageQueryOptions(list, page));
}
