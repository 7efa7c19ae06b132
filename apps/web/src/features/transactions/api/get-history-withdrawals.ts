import { PAGE_SIZE } from '@meridian/contracts/constants';
import { getUserWithdrawals as getUserWithdrawalsEndpoint } from '@meridian/contracts/endpoints/withdrawals';
import { call } from '@/lib/api-client';

/** A client’s withdrawals, newest first: one page of the history's list. */
export function getUserWithdrawals(userId: string, page: number, signal?: AbortSignal) {
  return call(getUserWithdrawalsEndpoint, { params: { userId }, query: { page, limit: PAGE_SIZE } }, { signal });
}
