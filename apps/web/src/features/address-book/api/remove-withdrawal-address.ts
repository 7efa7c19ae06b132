import { removeWithdrawalAddress as removeWithdrawalAddressEndpoint } from '@meridian/contracts/endpoints/address-book';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Removes a saved address at once. */
export function removeWithdrawalAddress(id: string) {
  return call(removeWithdrawalAddressEndpoint, { params: { id } });
}

export function useRemoveWithdrawalAddress(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeWithdrawalAddress,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.withdrawalAddresses(userId) }),
  });
}
