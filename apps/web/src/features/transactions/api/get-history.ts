import type { TInvestmentTerms } from '@meridian/contracts/investments';
import type { TTransaction } from '@meridian/contracts/transactions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { neighbourCursor, type TPageCursor } from '@/lib/page-cursor';
import { queryKeys } from '@/lib/query-keys';
import { getUserDeposits } from './get-history-deposits';
import { getUserInvestments } from './get-history-investments';
import { getUserTransactions } from './get-history-transactions';
import { getUserWithdrawals } from './get-history-withdrawals';

/** The four history views: all activity and the Deposits, Withdrawals and Investments tabs. */
export type THistoryKind = 'all' | 'deposits' | 'withdrawals' | 'investments';

/** A record of a history list; an investment (the Investments tab) also carries its terms and payout progress. */
export type THistoryItem = TTransaction & { terms?: TInvestmentTerms };

/** One page of a history list, whichever list it came from; the All list's pages carry their cursors. */
export interface THistoryPage {
  items: THistoryItem[];
  totalPage: number;
  nextCursor?: string | null;
  prevCursor?: string | null;
}

type TFetchPage = (userId: string, page: number, cursor: TPageCursor, signal?: AbortSignal) => Promise<THistoryPage>;

/** Each view's own call, its answer read as one page of records. Only the All list takes a cursor. */
const HISTORY: Record<THistoryKind, TFetchPage> = {
  all: async (userId, page, cursor, signal) => {
    const { transactions, ...rest } = await getUserTransactions(userId, page, cursor, signal);
    return { items: transactions, ...rest };
  },
  deposits: async (userId, page, _cursor, signal) => {
    const { deposits, totalPage } = await getUserDeposits(userId, page, signal);
    return { items: deposits, totalPage };
  },
  withdrawals: async (userId, page, _cursor, signal) => {
    const { withdrawals, totalPage } = await getUserWithdrawals(userId, page, signal);
    return { items: withdrawals, totalPage };
  },
  investments: async (userId, page, _cursor, signal) => {
    const { investments, totalPage } = await getUserInvestments(userId, page, signal);
    return { items: investments, totalPage };
  },
};

const historyKey = (userId: string, kind: THistoryKind, page: number) =>
  [...queryKeys.userTransactions(userId), 'history', kind, { page }] as const;

/** A page of a history view, cached by its number; the All list asks from a neighbour's cursor when it has one. */
export function historyQueryOptions(userId: string, kind: THistoryKind, page: number) {
  const keyOf = (n: number) => historyKey(userId, kind, n);
  return queryOptions({
    queryKey: keyOf(page),
    queryFn: ({ client, signal }) =>
      HISTORY[kind](userId, page, kind === 'all' ? neighbourCursor(client, keyOf, page) : {}, signal),
  });
}

/** A page of history; the previous page stays on screen while the next one loads. */
export function useHistory(userId: string, kind: THistoryKind, page: number) {
  return useQuery({ ...historyQueryOptions(userId, kind, page), placeholderData: keepPreviousData });
}
