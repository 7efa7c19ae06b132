import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * After a decision: the queue (every status and page); and, since an approval runs the action, the
 * money records (the withdrawal it completes, the adjustment it makes), the client's balance (and
 * the withdrawal limits under it), their record and messages, the client list and the audit log.
 */
export function invalidateApprovals(queryClient: QueryClient, clientId: string) {
  for (const queryKey of [
    queryKeys.approvals(),
    queryKeys.transactions(),
    queryKeys.balance(clientId),
    queryKeys.client(clientId),
    queryKeys.clients(),
    queryKeys.notifications(clientId),
    queryKeys.audit(),
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}
