import type { TInvestmentTerms } from '@meridian/contracts/investments';
import type { TTransaction } from '@meridian/contracts/transactions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { getUserDeposits } from './get-user-deposits';
import { getUserInvestments } from './get-user-investments';
import { getUserTransactions } from './get-user-transactions';
import { getUserWithdrawals } from './get-user-withdrawals';

/** The four history views: all activity and the Deposits, Withdrawals and Investments tabs. */
export type THistoryKind = 'all' | 'deposits' | 'withdrawals' | 'investments';

/** A record of a history list; an investment (the Investments tab) also carries its terms and payout progress. */
export type THistoryItem = TTransaction & { terms?: TInvestmentTerms };

/** One page of a history list, whichever list it came from. */
export interface THistoryPage {
  items: THistoryItem[];
  totalPage: number;
}

type TFetchPage = (userId: string, page: number, signal?: AbortSignal) => Promise<THistoryPage>;

/** Each view's own call, its answer read as one page of records. */
const HISTORY: Record<THistoryKind, TFetchPage> = {
  all: async (userId, page, signal) => {
    const { transactions, totalPage } = await getUserTransactions(userId, page, signal);
    return { items: transactions, totalPage };
  },
  deposits: async (userId, page, signal) => {
    const { deposits, totalPage } = await getUserDeposits(userId, page, signal);
    return { items: deposits, totalPage };
  },
  withdrawals: async (userId, page, signal) => {
    const { withdrawals, totalPage } = await getUserWithdrawals(userId, page, signal);
    return { items: withdrawals, totalPage };
  },
  investments: async (userId, page, signal) => {
    const { investments, totalPage } = await getUserInvestments(userId, page, signal);
    return { items: investments, totalPage };
  },
};

export function historyQueryOptions(userId: string, kind: THistoryKind, page: number) {
  return queryOptions({
    queryKey: [...queryKeys.userTransactions(userId), 'history', kind, { page }],
    queryFn: ({ signal }) => HISTORY[kind](userId, page, signal),
  });
}

/** A page of history; the previous page stays on screen while the next one loads. */
export function useHistory(userId: string, kind: THistoryKind, page: number) {
  return useQuery({ ...historyQueryOptions(userId, kind, page), placeholderData: keepPreviousData });
}
