import type { TApproval, TApprovalAnswer } from '@meridian/contracts/approvals';
import { rejectApproval as rejectApprovalEndpoint } from '@meridian/contracts/endpoints/approvals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { invalidateApprovals } from './invalidate-approvals';

/** POST /api/approvals/reject/:id with the note: nothing moves (a withdrawal it was for stays Pending). */
export function rejectApproval(id: string, note: string): Promise<TApprovalAnswer> {
  return call(rejectApprovalEndpoint, { params: { id }, body: { note } });
}

export function useRejectApproval(approval: Pick<TApproval, 'id' | 'client'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => rejectApproval(approval.id, note),
    onSettled: () => invalidateApprovals(queryClient, approval.client.id),
  });
}
