import { processDueTrades as processDueTradesEndpoint } from '@meridian/contracts/endpoints/payouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { invalidatePayouts } from './invalidate-payouts';

/** Process All Trades: pays every payout due now; answers how many this call paid. */
export function processDueTrades() {
  return call(processDueTradesEndpoint);
}

export function useProcessDuePayouts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: processDueTrades,
    onSettled: () => {
      invalidatePayouts(queryClient);
      void queryClient.invalidateQueries({ queryKey: queryKeys.health() });
    },
  });
}
