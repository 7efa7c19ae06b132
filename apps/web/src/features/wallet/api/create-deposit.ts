import type { TTransaction } from '@meridian/contracts/transactions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@/lib/api-client';
import { IdempotentSubmission } from '@/lib/idempotency';
import { walletKeys } from './keys';

export interface TDepositRequest {
  /** Dollars as typed, at most 2 decimals. */
  amount: string;
  depositMethod: string;
  user: string;
}

/** POST /api/deposit (a form): records a Pending deposit; the balance moves when an admin completes it. */
export function createDeposit(
  input: TDepositRequest,
  idempotencyKey: string,
): Promise<{ message: string; deposit: TTransaction }> {
  return api('/deposit', { form: { ...input }, idempotencyKey });
}

/** A deposit changes the history lists (a new Pending row), not the balance. */
export function useCreateDeposit(userId: string) {
  const queryClient = useQueryClient();
  const [submission] = useState(() => new IdempotentSubmission());
  return useMutation({
    mutationFn: (input: TDepositRequest) => createDeposit(input, submission.keyFor(JSON.stringify(input))),
    onSettled: (_data, error) => submission.settle(error ?? undefined),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.history(userId) }),
  });
}
