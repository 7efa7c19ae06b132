import { getWithdrawals as getWithdrawalsEndpoint } from '@meridian/contracts/endpoints/withdrawals';
import { call } from '@/lib/api-client';
import { PAGE_LIMIT } from './page-limit';

/** Every withdrawal, newest first, with its client: one page of the admin's list. */
export function getWithdrawals(page: number, signal?: AbortSignal) {
  return call(getWithdrawalsEndpoint, { query: { page, limit: PAGE_LIMIT } }, { signal });
}
