import { cancelOrder as cancelOrderEndpoint } from '@meridian/contracts/endpoints/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '@/lib/api-client';
import { IdempotentSubmission } from '@/lib/idempotency';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/orders/:id/cancel: cancels one's own pending order; its margin moves trading → balance. */
export function cancelOrder(id: string, idempotencyKey: string) {
  return call(cancelOrderEndpoint, { params: { id } }, { idempotencyKey });
}

/** The margin returns to the balance: the orders, the balance (and equity) and the history change. */
export function useCancelOrder(userId: string) {
  const queryClient = useQueryClient();
  const [submission] = useState(() => new IdempotentSubmission());
  return useMutation({
    mutationFn: (id: string) => cancelOrder(id, submission.keyFor(id)),
    onSettled: (_data, error) => submission.settle(error ?? undefined),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.transactions() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.balance(userId) }),
      ]),
  });
}
