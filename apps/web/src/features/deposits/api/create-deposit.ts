import { createDeposit as createDepositEndpoint } from '@meridian/contracts/endpoints/deposits';
import type { TDepositInput } from '@meridian/contracts/transactions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '@/lib/api-client';
import { IdempotentSubmission } from '@/lib/idempotency';
import { queryKeys } from '@/lib/query-keys';

/** Records a Pending deposit; the balance moves when an admin completes it. */
export function createDeposit(body: TDepositInput, idempotencyKey: string) {
  return call(createDepositEndpoint, { body }, { idempotencyKey });
}

/** A deposit adds a Pending record to the user's lists; it does not change the balance. */
export function useCreateDeposit() {
  const queryClient = useQueryClient();
  const [submission] = useState(() => new IdempotentSubmission());
  return useMutation({
    mutationFn: (body: TDepositInput) => createDeposit(body, submission.keyFor(JSON.stringify(body))),
    onSettled: (_data, error) => submission.settle(error ?? undefined),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.transactions() }),
  });
}
