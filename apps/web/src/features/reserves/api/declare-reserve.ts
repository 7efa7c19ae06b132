import { declareReserve as endpoint } from '@meridian/contracts/endpoints/reserves';
import type { TReserveDeclarationAnswer, TReserveDeclarationInput } from '@meridian/contracts/reserves';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { reserveKeys } from './reserve-keys';

/** POST /api/admin/reserves/declarations → 201 `{ message, declaration }`; 404 when the one it replaces no longer stands. */
export function declareReserve(body: TReserveDeclarationInput): Promise<TReserveDeclarationAnswer> {
  return call(endpoint, { body });
}

export function useDeclareReserve() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declareReserve,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reserveKeys.overview() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit() });
    },
  });
}
