import type { TWithdrawalAddressInput } from '@meridian/contracts/address-book';
import { addWithdrawalAddress as addWithdrawalAddressEndpoint } from '@meridian/contracts/endpoints/address-book';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Saves an address; the server emails the client at once. */
export function addWithdrawalAddress(body: TWithdrawalAddressInput) {
  return call(addWithdrawalAddressEndpoint, { body });
}

/** A new address changes only the client's address book. */
export function useAddWithdrawalAddress(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addWithdrawalAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.withdrawalAddresses(userId) }),
  });
}
