import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { api } from '@/lib/api-client';

/**
 * An image the API serves only to a signed-in owner or an admin (KYC documents, unlock photos).
 * An `<img src>` cannot send the bearer token, so the bytes are fetched with it and shown through an
 * object URL, which is released when the component goes away. `path` is relative to /api; null waits.
 */
export function useProtectedImage(path: string | null) {
  const query = useQuery({
    queryKey: ['protected-image', path],
    queryFn: ({ signal }) => api<Blob>(path as string, { as: 'blob', signal }),
    enabled: path !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
  const url = useMemo(() => (query.data ? URL.createObjectURL(query.data) : null), [query.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return { url, isLoading: query.isLoading, isError: query.isError };
}
