import { endOtherSessions as endOtherSessionsEndpoint } from '@meridian/contracts/endpoints/sessions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/sessions/end-others: every session of the user but this one ends. */
export function endOtherSessions() {
  return call(endOtherSessionsEndpoint);
}

export function useEndOtherSessions(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessions(userId) });
    },
  });
}
