import { createInvestmentViaDeposit } from '@meridian/contracts/endpoints/investments';
import type { TInvestViaDepositInput } from '@meridian/contracts/investments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '@/lib/api-client';
import { IdempotentSubmission } from '@/lib/idempotency';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/investment: a Pending deposit to the method and a Pending investment that waits for it. */
export function investViaDeposit(body: TInvestViaDepositInput, idempotencyKey: string) {
  return call(createInvestmentViaDeposit, { body }, { idempotencyKey });
}

/** Two Pending records join the client's lists; no money moves until the deposit completes. */
export function useInvestViaDeposit() {
  const queryClient = useQueryClient();
  const [submission] = useState(() => new IdempotentSubmission());
  return useMutation({
    mutationFn: (body: TInvestViaDepositInput) => investViaDeposit(body, submission.keyFor(JSON.stringify(body))),
    onSettled: (_data, error) => submission.settle(error ?? undefined),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.transactions() }),
  });
}
