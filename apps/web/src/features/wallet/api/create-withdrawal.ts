import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@/lib/api-client';
import { IdempotentSubmission } from '@/lib/idempotency';
import { walletKeys } from './keys';

export interface TWithdrawalRequest {
  /** Dollars as typed, at most 2 decimals. */
  amount: string;
  address: string;
  withdrawalMethod: string;
  user: string;
}

/** POST /api/withdrawal (a form): moves the amount into a hold until an admin completes or declines it. */
export function createWithdrawal(input: TWithdrawalRequest, idempotencyKey: string): Promise<{ message: string }> {
  return api('/withdrawal', { form: { ...input }, idempotencyKey });
}

/** A withdrawal changes the balance (the hold) and the history lists. */
export function useCreateWithdrawal(userId: string) {
  const queryClient = useQueryClient();
  const [submission] = useState(() => new IdempotentSubmission());
  return useMutation({
    mutationFn: (input: TWithdrawalRequest) => createWithdrawal(input, submission.keyFor(JSON.stringify(input))),
    onSettled: (_data, error) => submission.settle(error ?? undefined),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: walletKeys.balance(userId) }),
        queryClient.invalidateQueries({ queryKey: walletKeys.history(userId) }),
      ]),
  });
}
