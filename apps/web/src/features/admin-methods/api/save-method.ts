import type { TDepositMethodInput, TWithdrawalMethodInput } from '@meridian/contracts/methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { api } from '@/lib/api-client';
import { METHOD_KINDS, type TMethod, type TMethodKind } from './method-kinds';

export type TMethodValues = TDepositMethodInput | TWithdrawalMethodInput;

/**
 * POST /api/{kind}method creates a method; PUT /api/{kind}method updates one, the id in the body as
 * the spec sends it. Both answer `{ message, depositMethod | withdrawalMethod }`.
 */
export async function saveMethod(kind: TMethodKind, values: TMethodValues, id?: string): Promise<TMethod> {
  const config = METHOD_KINDS[kind];
  const answer = await api<Record<string, TMethod>>(config.apiPath, {
    method: id ? 'PUT' : 'POST',
    json: id ? { id, ...values } : values,
  });
  const saved = answer[config.answerField];
  if (!saved) throw new Error('The server answered without the method');
  return saved;
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
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}
