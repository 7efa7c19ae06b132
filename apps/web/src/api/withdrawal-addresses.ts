import { getWithdrawalAddresses as getWithdrawalAddressesEndpoint } from '@meridian/contracts/endpoints/address-book';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The client's saved withdrawal addresses, each active or pending, and the book's rules. */
export function getWithdrawalAddresses(userId: string, signal?: AbortSignal) {
  return call(getWithdrawalAddressesEndpoint, { params: { userId } }, { signal });
}

export const withdrawalAddressesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.withdrawalAddresses(userId),
    queryFn: ({ signal }) => getWithdrawalAddresses(userId, signal),
  });

export function useWithdrawalAddresses(userId: string) {
  return useQuery(withdrawalAddressesQueryOptions(userId));
}
