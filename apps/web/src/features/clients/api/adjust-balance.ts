import type { TAdjustmentInput, TClearBalancesInput } from '@meridian/contracts/balances';
import { addProfit, clearBalances, creditBalance, debitBalance } from '@meridian/contracts/endpoints/adjustments';
import type { TMessageKey } from '@meridian/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '@/lib/api-client';
import { IdempotentSubmission } from '@/lib/idempotency';
import { queryKeys } from '@/lib/query-keys';

export type TAdjustment = 'credit' | 'debit' | 'profit' | 'clear';

/** The four balance actions of the client page (docs/money.md): success message and whether an amount is asked. */
export const ADJUSTMENTS = {
  credit: { success: 'adjustments.credited', withAmount: true },
  debit: { success: 'adjustments.debited', withAmount: true },
  profit: { success: 'adjustments.profitAdded', withAmount: true },
  clear: { success: 'adjustments.balancesCleared', withAmount: false },
} as const satisfies Record<TAdjustment, { success: TMessageKey; withAmount: boolean }>;

/** Credit, debit and add profit send an amount and a reason; clear sends only the reason. */
export type TAdjustmentBody = TAdjustmentInput | TClearBalancesInput;

/**
 * Sends the action with its `Idempotency-Key`: a repeat of the same submission is answered from
 * the first one and moves nothing.
 */
export function adjustBalance(kind: TAdjustment, userId: string, body: TAdjustmentBody, idempotencyKey: string) {
  const options = { idempotencyKey };
  if (kind === 'clear') return call(clearBalances, { params: { id: userId }, body: { reason: body.reason } }, options);
  if (!('amount' in body)) throw new Error(`${kind} needs an amount`);
  switch (kind) {
    case 'credit':
      return call(creditBalance, { params: { userId }, body }, options);
    case 'debit':
      return call(debitBalance, { params: { userId }, body }, options);
    case 'profit':
      return call(addProfit, { params: { id: userId }, body }, options);
  }
}

/**
 * The client's balance and history change, and the action joins the audit log; above the four-eyes
 * threshold it joins the approvals queue instead.
 */
export function useAdjustBalance(kind: TAdjustment, userId: string) {
  const queryClient = useQueryClient();
  const [submission] = useState(() => new IdempotentSubmission());
  return useMutation({
    mutationFn: (body: TAdjustmentBody) => adjustBalance(kind, userId, body, submission.keyFor(JSON.stringify(body))),
    onSettled: (_data, error) => {
      submission.settle(error ?? undefined);
      for (const queryKey of [
        queryKeys.balance(userId),
        queryKeys.transactions(),
        queryKeys.audit(),
        queryKeys.approvals(),
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
