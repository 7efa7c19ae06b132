import { PAGE_SIZE } from '@meridian/contracts/constants';
import { getUserTransactions as getUserTransactionsEndpoint } from '@meridian/contracts/endpoints/transactions';
import { call } from '@/lib/api-client';
import type { TPageCursor } from '@/lib/page-cursor';

/**
 * A client’s history of every type, newest first: one page of the history's All list. With a
 * neighbouring page's cursor the server reads on from that row (as fast on page 1,000 as on page
 * 1); `page` alone is read by number.
 */
export function getUserTransactions(userId: string, page: number, cursor: TPageCursor = {}, signal?: AbortSignal) {
  return call(
    getUserTransactionsEndpoint,
    { params: { userId }, query: { page, limit: PAGE_SIZE, ...cursor } },
    { signal },
  );
}
