import type { TTransaction } from '@meridian/contracts/transactions';
import type { QueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';

/**
 * After a record's status changed or it was deleted: its own area's list, the all-transactions
 * list, the record, its client (balance, history) and the audit log — nothing else.
 */
export function invalidateRecord(
  queryClient: QueryClient,
  record: Pick<TTransaction, 'id' | 'type' | 'userId'>,
  { deleted = false } = {},
) {
  const areaList =
    record.type === 'Deposit'
      ? adminKeys.deposits()
      : record.type === 'Withdrawal'
        ? adminKeys.withdrawals()
        : record.type === 'Investment'
          ? adminKeys.investments()
          : null;
  const keys: (readonly unknown[])[] = [adminKeys.transactions(), adminKeys.client(record.userId), adminKeys.audit()];
  if (areaList) keys.push(areaList);
  // A deleted record is not asked for again: its page (if open) is about to be left.
  if (!deleted) keys.push(adminKeys.transaction(record.id));
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}
