import { openPosition as openPositionEndpoint } from '@meridian/contracts/endpoints/positions';
import type { TOpenPositionInput } from '@meridian/contracts/positions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '@/lib/api-client';
import { IdempotentSubmission } from '@/lib/idempotency';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /api/position: opens at the current market price, with its take-profit and stop-loss if any;
 * the margin moves balance → trading.
 */
export function openPosition(body: TOpenPositionInput, idempotencyKey: string) {
  return call(openPositionEndpoint, { body }, { idempotencyKey });
}

/** The margin leaves the balance at once: the client's positions, history and balance change. */
export function useOpenPosition(userId: string) {
  const queryClient = useQueryClient();
  const [submission] = useState(() => new IdempotentSubmission());
  return useMutation({
    mutationFn: (body: TOpenPositionInput) => openPosition(body, submission.keyFor(JSON.stringify(body))),
    onSettled: (_data, error) => submission.settle(error ?? undefined),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.positions() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.transactions() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.balance(userId) }),
      ]),
  });
}
