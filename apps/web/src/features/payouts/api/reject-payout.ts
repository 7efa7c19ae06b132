import { rejectTrade as rejectTradeEndpoint } from '@meridian/contracts/endpoints/payouts';
import type { TRejectTradeInput, TTrade } from '@meridian/contracts/payouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { invalidateTrades } from './invalidate-payouts';

/** Rejects a pending payout with the reason the client reads; no money moves. */
export function rejectTrade(id: string, body: TRejectTradeInput) {
  return call(rejectTradeEndpoint, { params: { id }, body });
}

export function useRejectTrade(trade: Pick<TTrade, 'id' | 'userId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TRejectTradeInput) => rejectTrade(trade.id, body),
    onSettled: () => invalidateTrades(queryClient, trade.userId),
  });
}
