import { getAuditLog } from '@meridian/contracts/endpoints/audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface TAuditFilter {
  page: number;
  action?: string | undefined;
  targetUserId?: string | undefined;
  limit?: number;
}

/** GET /api/admin/audit?page&limit&action&targetUserId: admin actions, newest first. */
export function getAudit(filter: TAuditFilter, signal?: AbortSignal) {
  const { page, action, targetUserId, limit = 10 } = filter;
  return call(getAuditLog, { query: { page, limit, action, targetUserId } }, { signal });
}

export const getAuditQueryOptions = (filter: TAuditFilter) =>
  queryOptions({
    queryKey: [...queryKeys.audit(), filter],
    queryFn: ({ signal }) => getAudit(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useAudit(filter: TAuditFilter) {
  return useQuery(getAuditQueryOptions(filter));
}
