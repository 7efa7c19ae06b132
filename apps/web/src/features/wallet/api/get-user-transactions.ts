import { PAGE_SIZE } from '@meridian/contracts/constants';
import { getUserTransactions as getUserTransactionsEndpoint } from '@meridian/contracts/endpoints/transactions';
import { call } from '@/lib/api-client';

/** A client’s history of every type, newest first: one page of the history's All list. */
export function getUserTransactions(userId: string, page: number, signal?: AbortSignal) {
  return call(getUserTransactionsEndpoint, { params: { userId }, query: { page, limit: PAGE_SIZE } }, { signal });
}
