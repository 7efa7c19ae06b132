import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * After payouts were rejected or paid: every payout list, the money records (a paid payout writes a
 * Payout row; a settled last payout matures its investment), the balances of the clients concerned
 * (all of them after Process All Trades), their records and the admin's totals, and the audit log.
 */
export function invalidatePayouts(queryClient: QueryClient, userId?: string) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.trades() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.transactions() });
  void queryClient.invalidateQueries({ queryKey: userId ? queryKeys.balance(userId) : ['balance'] });
  void queryClient.invalidateQueries({ queryKey: userId ? queryKeys.client(userId) : ['client'] });
  void queryClient.invalidateQueries({ queryKey: queryKeys.clients() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.audit() });
}
