import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { api } from '@/lib/api-client';
import { METHOD_KINDS, type TMethodKind } from './method-kinds';

/** DELETE /api/depositmethod/{id} or /api/withdrawalmethod/{id}. */
export function deleteMethod(kind: TMethodKind, id: string): Promise<{ message: string }> {
  return api<{ message: string }>(`${METHOD_KINDS[kind].apiPath}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Deletes; the grid and the audit log refresh, the method's own page is dropped from the cache. */
export function useDeleteMethod(kind: TMethodKind, id: string) {
  const queryClient = useQueryClient();
  const config = METHOD_KINDS[kind];
  return useMutation({
    mutationFn: () => deleteMethod(kind, id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: config.listKey(), exact: true });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}
