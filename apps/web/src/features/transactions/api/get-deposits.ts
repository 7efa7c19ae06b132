import { getDeposits as getDepositsEndpoint } from '@meridian/contracts/endpoints/deposits';
import { call } from '@/lib/api-client';
import { PAGE_LIMIT } from './page-limit';

/** Every deposit, newest first, with its client: one page of the admin's list. */
export function getDeposits(page: number, signal?: AbortSignal) {
  return call(getDepositsEndpoint, { query: { page, limit: PAGE_LIMIT } }, { signal });
}
