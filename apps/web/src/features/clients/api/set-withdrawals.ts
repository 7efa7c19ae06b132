import { setWithdrawalPermission } from '@meridian/contracts/endpoints/client-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/client/withdrawals/{id} `{ enabled }`: may the client withdraw? */
export function setWithdrawals(userId: string, enabled: boolean) {
  return call(setWithdrawalPermission, { params: { id: userId }, body: { enabled } });
}

/** The client's record (the switch) and the audit log change. */
export function useSetWithdrawals(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => setWithdrawals(userId, enabled),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.client(userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit() });
    },
  });
}
