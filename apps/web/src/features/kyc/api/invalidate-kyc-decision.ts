import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * A decision changes the KYC lists and record, the client's record (KYC status, verified), the
 * client list (its Verified badge), the client's messages (the decision's notice) and the audit log.
 */
export function invalidateKycDecision(queryClient: QueryClient, userId: string): void {
  for (const queryKey of [
    queryKeys.kyc(),
    queryKeys.client(userId),
    queryKeys.clients(),
    queryKeys.notifications(userId),
    queryKeys.audit(),
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}
