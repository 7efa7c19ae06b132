import { listSessions } from '@meridian/contracts/endpoints/sessions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/sessions: the signed-in user's live sessions, most recently used first. */
export async function getSessions(signal?: AbortSignal) {
  const answer = await call(listSessions, {}, { signal });
  return answer.sessions;
}

export const sessionsQuery = (userId: string) =>
  queryOptions({ queryKey: queryKeys.sessions(userId), queryFn: ({ signal }) => getSessions(signal) });

export function useSessions(userId: string) {
  return useQuery(sessionsQuery(userId));
}
