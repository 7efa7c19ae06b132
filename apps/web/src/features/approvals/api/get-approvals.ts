import type { TApprovalPage, TApprovalStatus } from '@meridian/contracts/approvals';
import { getApprovals as getApprovalsEndpoint } from '@meridian/contracts/endpoints/approvals';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The queue is paged by 10. */
export const APPROVALS_PAGE_LIMIT = 10;
/** While the Pending tab shows waiting approvals, it is asked for again this often (others ask and decide meanwhile). */
export const PENDING_APPROVALS_REFRESH_MS = 30_000;

/** GET /api/approvals?status=&page=: a page of approvals of one status, the oldest waiting first. */
export function getApprovals(status: TApprovalStatus, page: number, signal?: AbortSignal): Promise<TApprovalPage> {
  return call(getApprovalsEndpoint, { query: { status, page, limit: APPROVALS_PAGE_LIMIT } }, { signal });
}

export const approvalsQueryOptions = (status: TApprovalStatus, page: number) =>
  queryOptions({
    queryKey: [...queryKeys.approvals(), 'list', { status, page }],
    queryFn: ({ signal }) => getApprovals(status, page, signal),
    // The previous page stays on screen while the next one loads: no flash of the loading state.
    placeholderData: keepPreviousData,
  });

export function useApprovals(status: TApprovalStatus, page: number) {
  return useQuery({
    ...approvalsQueryOptions(status, page),
    refetchInterval: status === 'Pending' ? PENDING_APPROVALS_REFRESH_MS : false,
  });
}
