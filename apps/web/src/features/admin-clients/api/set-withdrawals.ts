import type { TWithdrawalPermissionInput } from '@meridian/contracts/client-actions';
import type { TMessage } from '@meridian/contracts/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { api } from '@/lib/api-client';

/** POST /api/client/withdrawals/{id} `{ enabled }`: may the client withdraw? */
export function setWithdrawals(userId: string, enabled: boolean): Promise<TMessage> {
  const json: TWithdrawalPermissionInput = { enabled };
  return api<TMessage>(`/client/withdrawals/${encodeURIComponent(userId)}`, { method: 'POST', json });
}

/** The client's record (the switch) and the audit log change. */
export function useSetWithdrawals(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => setWithdrawals(userId, enabled),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.clientProfile(userId) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}
