import { placeOrder as placeOrderEndpoint } from '@meridian/contracts/endpoints/orders';
import type { TPlaceOrderInput } from '@meridian/contracts/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '@/lib/api-client';
import { IdempotentSubmission } from '@/lib/idempotency';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /api/orders: a limit or stop order, placed from the order form, that opens a position when
 * the price reaches its level; its margin moves balance → trading now.
 */
export function placeOrder(body: TPlaceOrderInput, idempotencyKey: string) {
  return call(placeOrderEndpoint, { body }, { idempotencyKey });
}

/** The margin leaves the balance at once: the client's orders, balance (and equity) and history change. */
export function usePlaceOrder(userId: string) {
  const queryClient = useQueryClient();
  const [submission] = useState(() => new IdempotentSubmission());
  return useMutation({
    mutationFn: (body: TPlaceOrderInput) => placeOrder(body, submission.keyFor(JSON.stringify(body))),
    onSettled: (_data, error) => submission.settle(error ?? undefined),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.transactions() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.balance(userId) }),
      ]),
  });
}
