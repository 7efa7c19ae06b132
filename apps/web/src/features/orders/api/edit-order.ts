import { editOrder as editOrderEndpoint } from '@meridian/contracts/endpoints/orders';
import type { TEditOrderInput } from '@meridian/contracts/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * PUT /api/orders/:id: changes one's own pending order (its price, take-profit, stop-loss and
 * good-until time), checked by the server against its current price.
 */
export function editOrder(id: string, body: TEditOrderInput) {
  return call(editOrderEndpoint, { params: { id }, body });
}

export interface TEditOrder {
  id: string;
  changes: TEditOrderInput;
}

/** No money moves: only the lists of orders change. */
export function useEditOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: TEditOrder) => editOrder(id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders() }),
  });
}
