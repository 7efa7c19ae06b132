import { getDepositMethodQr as getDepositMethodQrEndpoint } from '@meridian/contracts/endpoints/methods';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The QR code of a deposit method's address, drawn by the server. Public: sent without a token. */
export function getDepositMethodQr(id: string, signal?: AbortSignal) {
  return call(getDepositMethodQrEndpoint, { params: { id } }, { auth: false, signal });
}

export const depositMethodQrQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.depositMethods(), id, 'qr'],
    queryFn: ({ signal }) => getDepositMethodQr(id, signal),
    // An address changes only when an admin edits the method; the method's own query shows that.
    staleTime: 5 * 60_000,
  });

export function useDepositMethodQr(id: string) {
  return useQuery(depositMethodQrQueryOptions(id));
}
