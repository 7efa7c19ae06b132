import { joinSignal as joinSignalEndpoint } from '@meridian/contracts/endpoints/signals';
import type { TJoinSignalInput } from '@meridian/contracts/signals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '@/lib/api-client';
import { IdempotentSubmission } from '@/lib/idempotency';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/signal/:id/join: the entry moves balance → trading until the signal settles. */
export function joinSignal(id: string, body: TJoinSignalInput, idempotencyKey: string) {
  return call(joinSignalEndpoint, { params: { id }, body }, { idempotencyKey });
}

/** The entry leaves the balance at once: the signals (joined), the client's trades, history and balance change. */
export function useJoinSignal(userId: string, signalId: string) {
  const queryClient = useQueryClient();
  const [submission] = useState(() => new IdempotentSubmission());
  return useMutation({
    mutationFn: (body: TJoinSignalInput) =>
      joinSignal(signalId, body, submission.keyFor(JSON.stringify({ signalId, ...body }))),
    onSettled: (_data, error) => submission.settle(error ?? undefined),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.signals() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.transactions() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.balance(userId) }),
      ]),
  });
}
