import type { TTransaction, TTransactionStatus } from '@meridian/contracts/transactions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TStatusRule } from '../utils/record-rules';
import { invalidateRecord } from './invalidate-record';

/**
 * PUT /api/{deposit|withdrawal|transaction}/status/{id} with `{ status }` → `{ message }`. Completing a
 * deposit or withdrawal moves money, so the call carries the submission's Idempotency-Key.
 */
export function updateStatus(
  rule: TStatusRule,
  id: string,
  status: TTransactionStatus,
  idempotencyKey: string,
): Promise<{ message: string }> {
  return api<{ message: string }>(rule.path(id), { method: 'PUT', json: { status }, idempotencyKey });
}

export function useUpdateStatus(rule: TStatusRule, record: Pick<TTransaction, 'id' | 'type' | 'userId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ status, key }: { status: TTransactionStatus; key: string }) =>
      updateStatus(rule, record.id, status, key),
    onSettled: () => invalidateRecord(queryClient, record),
  });
}
