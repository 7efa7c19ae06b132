import { createWithdrawal as createWithdrawalEndpoint } from '@meridian/contracts/endpoints/withdrawals';
import type { TWithdrawalInput } from '@meridian/contracts/transactions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '@/lib/api-client';
import { IdempotentSubmission } from '@/lib/idempotency';
import { queryKeys } from '@/lib/query-keys';

/** Moves the amount into a hold until an admin completes or declines the withdrawal. */
export function createWithdrawal(body: TWithdrawalInput, idempotencyKey: string) {
  return call(createWithdrawalEndpoint, { body }, { idempotencyKey });
}

/** A withdrawal changes the client's balance (the hold) and adds a Pending record to their lists. */
export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  const [submission] = useState(() => new IdempotentSubmission());
  return useMutation({
    mutationFn: (body: TWithdrawalInput) => createWithdrawal(body, submission.keyFor(JSON.stringify(body))),
    onSettled: (_data, error) => submission.settle(error ?? undefined),
    onSuccess: (_data, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.balance(body.user) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.transactions() }),
      ]),
  });
}
