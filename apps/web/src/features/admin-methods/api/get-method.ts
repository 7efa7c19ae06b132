import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { METHOD_KINDS, type TMethod, type TMethodKind } from './method-kinds';

/** GET /api/depositmethod/{id} or /api/withdrawalmethod/{id}. */
export function getMethod(kind: TMethodKind, id: string, signal?: AbortSignal): Promise<TMethod> {
  return api<TMethod>(`${METHOD_KINDS[kind].apiPath}/${encodeURIComponent(id)}`, { signal });
}

export const getMethodQueryOptions = (kind: TMethodKind, id: string) =>
  queryOptions({
    queryKey: METHOD_KINDS[kind].detailKey(id),
    queryFn: ({ signal }) => getMethod(kind, id, signal),
  });

export function useMethod(kind: TMethodKind, id: string) {
  return useQuery(getMethodQueryOptions(kind, id));
}
