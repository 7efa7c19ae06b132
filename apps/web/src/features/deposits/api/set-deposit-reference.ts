import { setDepositReference as setDepositReferenceEndpoint } from '@meridian/contracts/endpoints/deposits';
import type { TDepositReferenceInput } from '@meridian/contracts/transactions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Gives or corrects the transfer hash or reference (and sending address) of the client's pending deposit. */
export function setDepositReference(id: string, body: TDepositReferenceInput) {
  return call(setDepositReferenceEndpoint, { params: { id }, body });
}

/** The deposit's record changes (its page and the lists it is in); no balance does. */
export function useSetDepositReference(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TDepositReferenceInput) => setDepositReference(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.transactions() }),
  });
}
