import { getChainDepositAddress as getChainDepositAddressEndpoint } from '@meridian/contracts/endpoints/chain-deposits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The signed-in client's own address on a watched deposit method, its QR code and their transfers
 * confirming to it. A method that is not watched answers 404: the page shows the method's address.
 */
export function getChainDepositAddress(id: string, signal?: AbortSignal) {
  return call(getChainDepositAddressEndpoint, { params: { id } }, { signal });
}

export const chainDepositAddressQueryOptions = (id: string) =>
  queryOptions({
    // Under `transactions`: the live updates refetch it with each block the watcher applies (n/N).
    queryKey: [...queryKeys.transactions(), 'chain-address', id],
    queryFn: ({ signal }) => getChainDepositAddress(id, signal),
    retry: false,
  });

export function useChainDepositAddress(id: string) {
  return useQuery(chainDepositAddressQueryOptions(id));
}
