import { removeReserveDeclaration as endpoint } from '@meridian/contracts/endpoints/reserves';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { reserveKeys } from './reserve-keys';

/** DELETE /api/admin/reserves/declarations/:id → `{ message }`; 404 when it no longer stands. */
export function removeDeclaration(id: string): Promise<{ message: string }> {
  return call(endpoint, { params: { id } });
}

export function useRemoveDeclaration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeDeclaration,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reserveKeys.overview() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit() });
    },
  });
}
