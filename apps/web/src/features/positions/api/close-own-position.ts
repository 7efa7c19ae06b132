import { closeOwnPosition as closeOwnPositionEndpoint } from '@meridian/contracts/endpoints/positions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '@/lib/api-client';
import { IdempotentSubmission } from '@/lib/idempotency';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/position/:id/close: closes one's own open position now, at the current market price. */
export function closeOwnPosition(id: string, idempotencyKey: string) {
  return call(closeOwnPositionEndpoint, { params: { id } }, { idempotencyKey });
}

/** The margin and its result return to the balance: positions, history, balance and the bell change. */
export function useCloseOwnPosition(userId: string) {
  const queryClient = useQueryClient();
  const [submission] = useState(() => new IdempotentSubmission());
  return useMutation({
    mutationFn: (id: string) => closeOwnPosition(id, submission.keyFor(id)),
    onSettled: (_data, error) => submission.settle(error ?? undefined),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.positions() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.transactions() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.balance(userId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.notifications(userId) }),
      ]),
  });
}
