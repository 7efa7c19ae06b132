import { endSession as endSessionEndpoint } from '@meridian/contracts/endpoints/sessions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/sessions/{id}: ends one of the user's own sessions (this one too). */
export function endSession(id: string) {
  return call(endSessionEndpoint, { params: { id } });
}

export function useEndSession(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessions(userId) });
    },
  });
}
