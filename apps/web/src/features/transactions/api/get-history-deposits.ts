import { PAGE_SIZE } from '@meridian/contracts/constants';
import { getUserDeposits as getUserDepositsEndpoint } from '@meridian/contracts/endpoints/deposits';
import { call } from '@/lib/api-client';

/** A client’s deposits, newest first: one page of the history's list. */
export function getUserDeposits(userId: string, page: number, signal?: AbortSignal) {
  return call(getUserDepositsEndpoint, { params: { userId }, query: { page, limit: PAGE_SIZE } }, { signal });
}
