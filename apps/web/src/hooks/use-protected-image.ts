import type { TEndpoint, TEndpointInput } from '@meridian/contracts/endpoint';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { call } from '@/lib/api-client';

/** An endpoint that answers an image (`produces: 'image'`): `call` gives its bytes as a Blob. */
type TImageEndpoint = TEndpoint & { produces: 'image'; params: NonNullable<TEndpoint['params']> };

/**
 * An image the API serves only to a signed-in owner or an admin (KYC documents, unlock photos).
 * An `<img src>` cannot send the bearer token, so the bytes are fetched with it through the
 * endpoint's contract and shown through an object URL, which is released when the component goes
 * away. `params` fill the endpoint's path; null waits.
 */
export function useProtectedImage<E extends TImageEndpoint>(endpoint: E, params: TEndpointInput<E>['params'] | null) {
  const query = useQuery({
    queryKey: ['protected-image', endpoint.path, params],
    queryFn: ({ signal }) => call(endpoint, { params } as TEndpointInput<E>, { signal }) as Promise<Blob>,
    enabled: params !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
  const url = useMemo(() => (query.data ? URL.createObjectURL(query.data) : null), [query.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return { url, isLoading: query.isLoading, isError: query.isError };
}
