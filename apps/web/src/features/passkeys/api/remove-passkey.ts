import { removePasskey as removePasskeyEndpoint } from '@meridian/contracts/endpoints/passkeys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/passkeys/{id}: removes one of the user's passkeys; it signs nobody in any more. */
export function removePasskey(id: string) {
  return call(removePasskeyEndpoint, { params: { id } });
}

export function useRemovePasskey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.passkeys(userId) });
    },
  });
}
