import { renamePasskey as renamePasskeyEndpoint } from '@meridian/contracts/endpoints/passkeys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PATCH /api/passkeys/{id}: renames one of the user's passkeys. */
export function renamePasskey({ id, name }: { id: string; name: string }) {
  return call(renamePasskeyEndpoint, { params: { id }, body: { name } });
}

export function useRenamePasskey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renamePasskey,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.passkeys(userId) });
    },
  });
}
