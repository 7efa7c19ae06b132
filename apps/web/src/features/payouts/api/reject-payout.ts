import { rejectTrade as rejectTradeEndpoint } from '@meridian/contracts/endpoints/payouts';
import type { TPayout, TRejectPayoutInput } from '@meridian/contracts/payouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { invalidatePayouts } from './invalidate-payouts';

/** Rejects a pending payout with the reason the client reads; no money moves. */
export function rejectTrade(id: string, body: TRejectPayoutInput) {
  return call(rejectTradeEndpoint, { params: { id }, body });
}

export function useRejectPayout(trade: Pick<TPayout, 'id' | 'userId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TRejectPayoutInput) => rejectTrade(trade.id, body),
    onSettled: () => invalidatePayouts(queryClient, trade.userId),
  });
}
