import { deleteDepositMethod, deleteWithdrawalMethod } from '@meridian/contracts/endpoints/methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { METHOD_KINDS, type TMethodKind } from './method-kinds';

/** Deletes (hides) a method of the kind. */
export function deleteMethod(kind: TMethodKind, id: string) {
  const input = { params: { id } };
  return kind === 'deposit' ? call(deleteDepositMethod, input) : call(deleteWithdrawalMethod, input);
}

/** Deletes; the grid and the audit log refresh, the method's own page is dropped from the cache. */
export function useDeleteMethod(kind: TMethodKind, id: string) {
  const queryClient = useQueryClient();
  const config = METHOD_KINDS[kind];
  return useMutation({
    mutationFn: () => deleteMethod(kind, id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: config.listKey(), exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit() });
    },
  });
}
