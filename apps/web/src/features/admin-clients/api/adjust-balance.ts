import type { TMessageKey } from '@meridian/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { api } from '@/lib/api-client';

export type TAdjustment = 'credit' | 'debit' | 'profit' | 'clear';

/** The four balance actions of the client page (spec 02 §7, DESIGN §4): path and success message. */
export const ADJUSTMENTS = {
  credit: { path: (id: string) => `/user/fund/${id}`, success: 'money.credited', withAmount: true },
  debit: { path: (id: string) => `/user/debit/${id}`, success: 'money.debited', withAmount: true },
  profit: { path: (id: string) => `/trade/profit/${id}`, success: 'money.profitAdded', withAmount: true },
  clear: { path: (id: string) => `/user/clear-balances/${id}`, success: 'money.balancesCleared', withAmount: false },
} as const satisfies Record<TAdjustment, { path: (id: string) => string; success: TMessageKey; withAmount: boolean }>;

export interface TAdjustmentBody {
  amount?: string;
  reason: string;
}

/**
 * POST the action with its `Idempotency-Key`: a repeat of the same submission is answered from
 * the first one and moves nothing.
 */
export function adjustBalance(
  kind: TAdjustment,
  userId: string,
  body: TAdjustmentBody,
  idempotencyKey: string,
): Promise<{ message: string }> {
  return api<{ message: string }>(ADJUSTMENTS[kind].path(encodeURIComponent(userId)), {
    method: 'POST',
    json: body,
    idempotencyKey,
  });
}

/** The client's balance, profile and history change, an adjustment joins the transaction list and the audit log. */
export function useAdjustBalance(kind: TAdjustment, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: TAdjustmentBody; key: string }) => adjustBalance(kind, userId, body, key),
    onSettled: () => {
      for (const queryKey of [adminKeys.client(userId), adminKeys.transactions(), adminKeys.audit()]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
