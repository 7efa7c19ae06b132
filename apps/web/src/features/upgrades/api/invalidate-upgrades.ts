import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/** After a decision: the requests (the admin's list, the client's latest), the client's record (their plan) and the audit log. */
export function invalidateUpgrades(queryClient: QueryClient, userId: string) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.upgradeRequests() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.client(userId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.clients() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.notifications(userId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.audit() });
}
