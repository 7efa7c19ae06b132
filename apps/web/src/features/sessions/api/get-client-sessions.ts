import { listClientSessions } from '@meridian/contracts/endpoints/sessions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/admin/client/{id}/sessions: a client's live sessions (admin). */
export async function getClientSessions(userId: string, signal?: AbortSignal) {
  const answer = await call(listClientSessions, { params: { id: userId } }, { signal });
  return answer.sessions;
}

export const clientSessionsQuery = (userId: string) =>
  queryOptions({ queryKey: queryKeys.sessions(userId), queryFn: ({ signal }) => getClientSessions(userId, signal) });

export function useClientSessions(userId: string) {
  return useQuery(clientSessionsQuery(userId));
}
