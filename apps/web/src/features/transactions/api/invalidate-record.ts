import type { TTransaction } from '@meridian/contracts/transactions';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * After a record's status changed or it was deleted: the money records (every list, the record),
 * its client's balance, the audit log and the approvals queue. An investment's decision also schedules payouts (the
 * trade logs) and may give the client their first plan (their record, the upgrade requests).
 */
export function invalidateRecord(
  queryClient: QueryClient,
  record: Pick<TTransaction, 'id' | 'userId'>,
  { deleted = false, investment = false } = {},
) {
  const recordKey = queryKeys.transaction(record.id);
  void queryClient.invalidateQueries({
    queryKey: queryKeys.transactions(),
    // A deleted record is not asked for again: its page (if open) is about to be left.
    predicate: (query) => !deleted || !recordKey.every((part, index) => query.queryKey[index] === part),
  });
  void queryClient.invalidateQueries({ queryKey: queryKeys.balance(record.userId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.audit() });
  // Completing a large withdrawal asks for an approval instead; declining or deleting one rejects what waited for it.
  void queryClient.invalidateQueries({ queryKey: queryKeys.approvals() });
  if (investment) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.trades() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.client(record.userId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.upgradeRequests() });
  }
}
