import { PAGE_SIZE } from '@meridian/contracts/constants';
import type { TTransaction } from '@meridian/contracts/transactions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type THistoryKind, walletKeys } from './keys';

/** One page of a history list, whichever endpoint it came from. */
export interface THistoryPage {
  items: TTransaction[];
  totalPage: number;
}

/**
 * The four paged history endpoints (spec 01 §7), 10 per page:
 * GET /api/transaction/user/{userId} {transactions}, /deposit/user/{userId} {deposits},
 * /withdrawal/user/{userId} {withdrawals}, /investment/user/{userId} {investments}; each with totalPage.
 */
const ENDPOINTS = {
  all: { path: 'transaction', field: 'transactions' },
  deposits: { path: 'deposit', field: 'deposits' },
  withdrawals: { path: 'withdrawal', field: 'withdrawals' },
  investments: { path: 'investment', field: 'investments' },
} as const satisfies Record<THistoryKind, { path: string; field: string }>;

export async function getHistory(
  userId: string,
  kind: THistoryKind,
  page: number,
  signal?: AbortSignal,
): Promise<THistoryPage> {
  const { path, field } = ENDPOINTS[kind];
  const query = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
  const answer = await api<Partial<Record<string, TTransaction[]>> & { totalPage: number }>(
    `/${path}/user/${encodeURIComponent(userId)}?${query}`,
    { signal },
  );
  return { items: answer[field] ?? [], totalPage: answer.totalPage };
}

export function historyQueryOptions(userId: string, kind: THistoryKind, page: number) {
  return queryOptions({
    queryKey: walletKeys.historyPage(userId, kind, page),
    queryFn: ({ signal }) => getHistory(userId, kind, page, signal),
  });
}

/** A page of history; the previous page stays on screen while the next one loads. */
export function useHistory(userId: string, kind: THistoryKind, page: number) {
  return useQuery({ ...historyQueryOptions(userId, kind, page), placeholderData: keepPreviousData });
}
