import { listPasskeys } from '@meridian/contracts/endpoints/passkeys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/passkeys: the signed-in user's passkeys, oldest first. */
export async function getPasskeys(signal?: AbortSignal) {
  const answer = await call(listPasskeys, {}, { signal });
  return answer.passkeys;
}

export const passkeysQuery = (userId: string) =>
  queryOptions({ queryKey: queryKeys.passkeys(userId), queryFn: ({ signal }) => getPasskeys(signal) });

export function usePasskeys(userId: string) {
  return useQuery(passkeysQuery(userId));
}
