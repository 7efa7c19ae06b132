import { closePositionAtMarket as closePositionAtMarketEndpoint } from '@meridian/contracts/endpoints/positions';
import type { TClosePositionInput, TPosition } from '@meridian/contracts/positions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '@/lib/api-client';
import { IdempotentSubmission } from '@/lib/idempotency';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/position/close-at-market/:id: closes an open position at the current price, with a reason. */
export function closePositionAtMarket(id: string, body: TClosePositionInput, idempotencyKey: string) {
  return call(closePositionAtMarketEndpoint, { params: { id }, body }, { idempotencyKey });
}

/**
 * Close at market: the margin and its result go back to the client's balance, their history row
 * completes, they get a message, and the audit log gains an entry; every list that shows them refreshes.
 */
export function useClosePositionAtMarket(position: Pick<TPosition, 'id' | 'userId'>) {
  const queryClient = useQueryClient();
  const [submission] = useState(() => new IdempotentSubmission());
  return useMutation({
    mutationFn: (body: TClosePositionInput) =>
      closePositionAtMarket(position.id, body, submission.keyFor(JSON.stringify([position.id, body]))),
    onSettled: (_data, error) => {
      submission.settle(error ?? undefined);
      void queryClient.invalidateQueries({ queryKey: queryKeys.positions() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.balance(position.userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.client(position.userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.clients() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit() });
    },
  });
}
