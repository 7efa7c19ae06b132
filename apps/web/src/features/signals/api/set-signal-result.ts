import { setSignalResult as setSignalResultEndpoint } from '@meridian/contracts/endpoints/signals';
import type { TSignalResult } from '@meridian/contracts/signals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '@/lib/api-client';
import { IdempotentSubmission } from '@/lib/idempotency';
import { queryKeys } from '@/lib/query-keys';

/** PUT /api/signal/:id/result: settles a signal with the result its price evidence gives (409 otherwise). */
export function setSignalResult(id: string, result: TSignalResult, idempotencyKey: string) {
  return call(setSignalResultEndpoint, { params: { id }, body: { result } }, { idempotencyKey });
}

/**
 * Settling pays the signal's participants (or keeps their entries): the signals, every balance and
 * money record, the clients' data and the audit log change.
 */
export function useSetSignalResult(id: string) {
  const queryClient = useQueryClient();
  const [submission] = useState(() => new IdempotentSubmission());
  return useMutation({
    mutationFn: (result: TSignalResult) => setSignalResult(id, result, submission.keyFor(`${id} ${result}`)),
    onSettled: (_data, error) => {
      submission.settle(error ?? undefined);
      void queryClient.invalidateQueries({ queryKey: queryKeys.signals() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions() });
      void queryClient.invalidateQueries({ queryKey: ['balance'] });
      void queryClient.invalidateQueries({ queryKey: ['client'] });
      void queryClient.invalidateQueries({ queryKey: queryKeys.clients() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit() });
    },
  });
}
