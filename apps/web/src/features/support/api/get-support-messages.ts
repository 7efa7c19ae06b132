import { getSupportMessages as getSupportMessagesEndpoint } from '@meridian/contracts/endpoints/support';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/messagereq: every message, newest first (admin). */
export async function getSupportMessages(signal?: AbortSignal) {
  const answer = await call(getSupportMessagesEndpoint, {}, { signal });
  return answer.messages;
}

export const getSupportMessagesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.supportMessages(), queryFn: ({ signal }) => getSupportMessages(signal) });

export function useSupportMessages() {
  return useQuery(getSupportMessagesQueryOptions());
}
