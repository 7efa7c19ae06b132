import { deletePlan as deletePlanEndpoint } from '@meridian/contracts/endpoints/plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { invalidatePlans } from './invalidate-plans';

/** Deletes a plan nobody invested in; the server refuses one with investments (409). */
export function deletePlan(id: string) {
  return call(deletePlanEndpoint, { params: { id } });
}

export function useDeletePlan(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deletePlan(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.plan(id) });
      invalidatePlans(queryClient);
    },
  });
}
