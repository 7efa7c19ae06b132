import { PAGE_SIZE } from '@meridian/contracts/constants';
import { getUserInvestments as getUserInvestmentsEndpoint } from '@meridian/contracts/endpoints/investments';
import { call } from '@/lib/api-client';

/** A client’s investments, newest first: one page of the history's list. */
export function getUserInvestments(userId: string, page: number, signal?: AbortSignal) {
  return call(getUserInvestmentsEndpoint, { params: { userId }, query: { page, limit: PAGE_SIZE } }, { signal });
}
