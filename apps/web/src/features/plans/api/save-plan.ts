import { createPlan, updatePlan } from '@meridian/contracts/endpoints/plans';
import type { TInvestmentPlan, TPlanInput } from '@meridian/contracts/investments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { invalidatePlans } from './invalidate-plans';

/** Creates a plan (no id) or edits one (its id goes in the body); answers the saved plan. */
export async function savePlan(values: TPlanInput, id?: string): Promise<TInvestmentPlan> {
  const answer = id ? await call(updatePlan, { body: { id, ...values } }) : await call(createPlan, { body: values });
  return answer.investmentPlan;
}

/** Create (no id) or edit (with id); the plan lists, the plan's own entry and what shows its name refresh. */
export function useSavePlan(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: TPlanInput) => savePlan(values, id),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.plan(saved.id), saved);
      invalidatePlans(queryClient, { renamed: Boolean(id) });
    },
  });
}
