import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { METHOD_KINDS, type TMethod, type TMethodKind } from './method-kinds';

/** GET /api/depositmethod or /api/withdrawalmethod: every live method, newest first. */
export async function getMethods(kind: TMethodKind, signal?: AbortSignal): Promise<TMethod[]> {
  const config = METHOD_KINDS[kind];
  const answer = await api<Record<string, TMethod[] | undefined>>(config.apiPath, { signal });
  return answer[config.listField] ?? [];
}

export const getMethodsQueryOptions = (kind: TMethodKind) =>
  queryOptions({
    queryKey: METHOD_KINDS[kind].listKey(),
    queryFn: ({ signal }) => getMethods(kind, signal),
  });

export function useMethods(kind: TMethodKind) {
  return useQuery(getMethodsQueryOptions(kind));
}
