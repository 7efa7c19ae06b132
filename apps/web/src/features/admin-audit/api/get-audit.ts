import type { TAuditEntry } from '@meridian/contracts/balances';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { api } from '@/lib/api-client';

export interface TAuditFilter {
  page: number;
  action?: string | undefined;
  targetUserId?: string | undefined;
  limit?: number;
}

export interface TAuditPage {
  entries: TAuditEntry[];
  totalPage: number;
}

/** GET /api/admin/audit?page&limit&action&targetUserId: admin actions, newest first. */
export function getAudit(filter: TAuditFilter, signal?: AbortSignal): Promise<TAuditPage> {
  const query = new URLSearchParams({ page: String(filter.page), limit: String(filter.limit ?? 10) });
  if (filter.action) query.set('action', filter.action);
  if (filter.targetUserId) query.set('targetUserId', filter.targetUserId);
  return api<TAuditPage>(`/admin/audit?${query}`, { signal });
}

export const getAuditQueryOptions = (filter: TAuditFilter) =>
  queryOptions({
    queryKey: [...adminKeys.audit(), filter],
    queryFn: ({ signal }) => getAudit(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useAudit(filter: TAuditFilter) {
  return useQuery(getAuditQueryOptions(filter));
}
