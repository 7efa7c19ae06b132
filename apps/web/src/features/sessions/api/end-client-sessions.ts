import { endClientSessions as endClientSessionsEndpoint } from '@meridian/contracts/endpoints/sessions';
import type { TEndClientSessionsInput } from '@meridian/contracts/sessions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/admin/client/{id}/sessions/end: every session of the client ends (audited with the reason). */
export function endClientSessions(userId: string, body: TEndClientSessionsInput) {
  return call(endClientSessionsEndpoint, { params: { id: userId }, body });
}

/** The client's list empties and the audit log gains an entry. */
export function useEndClientSessions(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TEndClientSessionsInput) => endClientSessions(userId, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessions(userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit() });
    },
  });
}
