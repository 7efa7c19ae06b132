import { getTransactions as getTransactionsEndpoint } from '@meridian/contracts/endpoints/transactions';
import { call } from '@/lib/api-client';
import { PAGE_LIMIT } from './page-limit';

/** Every transaction of every client, newest first, with its client: one page of the admin's list. */
export function getTransactions(page: number, signal?: AbortSignal) {
  return call(getTransactionsEndpoint, { query: { page, limit: PAGE_LIMIT } }, { signal });
}
