import type { TTransaction } from '@meridian/contracts/transactions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { api } from '@/lib/api-client';

export type TRecordList = 'transactions' | 'deposits' | 'withdrawals' | 'investments';

/** The four admin lists (spec 02 §7): path, answer field and cache key of each. */
export const RECORD_LISTS = {
  transactions: { path: '/transaction', field: 'transactions', key: adminKeys.transactions },
  deposits: { path: '/deposit', field: 'deposits', key: adminKeys.deposits },
  withdrawals: { path: '/withdrawal', field: 'withdrawals', key: adminKeys.withdrawals },
  investments: { path: '/investment', field: 'investments', key: adminKeys.investments },
} as const satisfies Record<TRecordList, { path: string; field: string; key: () => readonly string[] }>;

/** Page size of every admin list (spec 02 §9). */
export const PAGE_LIMIT = 10;

export interface TRecordPage {
  records: TTransaction[];
  totalPage: number;
}

/** GET /api/{transaction|deposit|withdrawal|investment}?page&limit=10 → `{ <list>, totalPage }`. */
export async function getRecordPage(list: TRecordList, page: number, signal?: AbortSignal): Promise<TRecordPage> {
  const config = RECORD_LISTS[list];
  const answer = await api<Record<string, unknown>>(`${config.path}?page=${page}&limit=${PAGE_LIMIT}`, { signal });
  return {
    records: (answer[config.field] as TTransaction[] | undefined) ?? [],
    totalPage: typeof answer.totalPage === 'number' ? answer.totalPage : 1,
  };
}

export const getRecordPageQueryOptions = (list: TRecordList, page: number) =>
  queryOptions({
    queryKey: [...RECORD_LISTS[list].key(), { page }],
    queryFn: ({ signal }) => getRecordPage(list, page, signal),
    // The previous page stays on screen while the next one loads: no flash of the loading state.
    placeholderData: keepPreviousData,
  });

export function useRecordPage(list: TRecordList, page: number) {
  return useQuery(getRecordPageQueryOptions(list, page));
}
