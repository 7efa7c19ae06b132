import {
  createDepositMethod,
  createWithdrawalMethod,
  updateDepositMethod,
  updateWithdrawalMethod,
} from '@meridian/contracts/endpoints/methods';
import type { TDepositMethodInput, TWithdrawalMethodInput } from '@meridian/contracts/methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { METHOD_KINDS, type TMethod, type TMethodKind } from './method-kinds';

export type TMethodValues = TDepositMethodInput | TWithdrawalMethodInput;

/**
 * Creates a method (no id) or updates one (the id goes in the body); answers the saved method. The
 * form of each kind holds that kind's fields (a deposit method's has the address `value`).
 */
export async function saveMethod(kind: TMethodKind, values: TMethodValues, id?: string): Promise<TMethod> {
  if (kind === 'deposit') {
    const body = values as TDepositMethodInput;
    const answer = id
      ? await call(updateDepositMethod, { body: { id, ...body } })
      : await call(createDepositMethod, { body });
    return answer.depositMethod;
  }
  const body = values as TWithdrawalMethodInput;
  const answer = id
    ? await call(updateWithdrawalMethod, { body: { id, ...body } })
    : await call(createWithdrawalMethod, { body });
  return answer.withdrawalMethod;
}

/** Create (no id) or update (with id); refreshes the grid, the method's page and the audit log. */
export function useSaveMethod(kind: TMethodKind, id?: string) {
  const queryClient = useQueryClient();
  const config = METHOD_KINDS[kind];
  return useMutation({
    mutationFn: (values: TMethodValues) => saveMethod(kind, values, id),
    onSuccess: (saved) => {
      queryClient.setQueryData(config.detailKey(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: config.listKey(), exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit() });
    },
  });
}
