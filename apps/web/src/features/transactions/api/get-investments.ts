import { getInvestments as getInvestmentsEndpoint } from '@meridian/contracts/endpoints/investments';
import { call } from '@/lib/api-client';
import { PAGE_LIMIT } from './page-limit';

/** Every investment, newest first, with its client: one page of the admin's list. */
export function getInvestments(page: number, signal?: AbortSignal) {
  return call(getInvestmentsEndpoint, { query: { page, limit: PAGE_LIMIT } }, { signal });
}
