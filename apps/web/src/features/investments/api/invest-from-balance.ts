import { investFromBalance as investFromBalanceEndpoint } from '@meridian/contracts/endpoints/investments';
import type { TInvestFromBalanceInput } from '@meridian/contracts/investments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '@/lib/api-client';
import { IdempotentSubmission } from '@/lib/idempotency';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/investment/invest-from-balance: balance → trading now, Pending until an admin approves. */
export function investFromBalance(body: TInvestFromBalanceInput, idempotencyKey: string) {
  return call(investFromBalanceEndpoint, { body }, { idempotencyKey });
}

/** The money leaves the balance at once: the client's lists and balance change. */
export function useInvestFromBalance(userId: string) {
  const queryClient = useQueryClient();
  const [submission] = useState(() => new IdempotentSubmission());
  return useMutation({
    mutationFn: (body: TInvestFromBalanceInput) => investFromBalance(body, submission.keyFor(JSON.stringify(body))),
    onSettled: (_data, error) => submission.settle(error ?? undefined),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.transactions() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.balance(userId) }),
      ]),
  });
}
