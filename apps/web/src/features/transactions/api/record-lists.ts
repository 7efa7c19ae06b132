import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { neighbourCursor, type TPageCursor } from '@/lib/page-cursor';
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
  /** The lists of every transaction page by cursor: the cursors of the pages after and before this one. */
  nextCursor?: string | null;
  prevCursor?: string | null;
}

type TFetchPage = (page: number, cursor: TPageCursor, signal?: AbortSignal) => Promise<TRecordPage>;

/** The four admin lists: each its own call, its answer read as one page of records. Only All takes a cursor. */
const RECORD_LISTS: Record<TRecordList, TFetchPage> = {
  transactions: async (page, cursor, signal) => {
    const { transactions, ...rest } = await getTransactions(page, cursor, signal);
    return { records: transactions, ...rest };
  },
  deposits: async (page, _cursor, signal) => {
    const { deposits, totalPage } = await getDeposits(page, signal);
    return { records: deposits, totalPage };
  },
  withdrawals: async (page, _cursor, signal) => {
    const { withdrawals, totalPage } = await getWithdrawals(page, signal);
    return { records: withdrawals, totalPage };
  },
  investments: async (page, _cursor, signal) => {
    const { investments, totalPage } = await getInvestments(page, signal);
    return { records: investments, totalPage };
  },
};

const recordPageKey = (list: TRecordList, page: number) =>
  [...queryKeys.transactions(), 'list', list, { page }] as const;

/** A page of an admin list, cached by its number; All asks from a neighbouring page's cursor when it has one. */
export const getRecordPageQueryOptions = (list: TRecordList, page: number) =>
  queryOptions({
    queryKey: recordPageKey(list, page),
    queryFn: ({ client, signal }) =>
      RECORD_LISTS[list](
        page,
        list === 'transactions' ? neighbourCursor(client, (n) => recordPageKey(list, n), page) : {},
        signal,
      ),
    // The previous page stays on screen while the next one loads: no flash of the loading state.
    placeholderData: keepPreviousData,
  });

export function useRecordPage(list: TRecordList, page: number) {
  return useQuery(getRecordPageQueryOptions(list, page));
}
