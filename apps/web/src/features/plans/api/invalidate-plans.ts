import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * After a plan was created, edited or deleted: every list of plans (the grid, the client's Trading
 * Plans) and the audit log. An edit may rename the plan, and its name is shown on clients, their
 * upgrade requests and the trade logs, so those refresh too.
 */
export function invalidatePlans(queryClient: QueryClient, { renamed = false } = {}) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.plans() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.audit() });
  if (!renamed) return;
  void queryClient.invalidateQueries({ queryKey: queryKeys.upgradeRequests() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.trades() });
  void queryClient.invalidateQueries({ queryKey: ['client'] });
  void queryClient.invalidateQueries({ queryKey: queryKeys.clients() });
}
