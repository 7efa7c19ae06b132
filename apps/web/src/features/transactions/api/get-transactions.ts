import { getTransactions as getTransactionsEndpoint } from '@meridian/contracts/endpoints/transactions';
import { call } from '@/lib/api-client';
import type { TPageCursor } from '@/lib/page-cursor';
import { PAGE_LIMIT } from './page-limit';

/**
 * Every transaction of every client, newest first, with its client: one page of the admin's list,
 * read on from a neighbouring page's cursor when there is one, else by its number.
 */
export function getTransactions(page: number, cursor: TPageCursor = {}, signal?: AbortSignal) {
  return call(getTransactionsEndpoint, { query: { page, limit: PAGE_LIMIT, ...cursor } }, { signal });
}
