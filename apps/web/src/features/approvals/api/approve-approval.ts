import type { TApproval, TApprovalAnswer } from '@meridian/contracts/approvals';
import { approveApproval as approveApprovalEndpoint } from '@meridian/contracts/endpoints/approvals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '@/lib/api-client';
import { IdempotentSubmission } from '@/lib/idempotency';
import { invalidateApprovals } from './invalidate-approvals';

/**
 * POST /api/approvals/approve/:id: the waiting action runs now. It moves money, so the call carries
 * the submission's Idempotency-Key: a double click or a retry after a lost answer runs it once.
 */
export function approveApproval(id: string, idempotencyKey: string): Promise<TApprovalAnswer> {
  return call(approveApprovalEndpoint, { params: { id } }, { idempotencyKey });
}

export function useApproveApproval(approval: Pick<TApproval, 'id' | 'client'>) {
  const queryClient = useQueryClient();
  const [submission] = useState(() => new IdempotentSubmission());
  return useMutation({
    mutationFn: () => approveApproval(approval.id, submission.keyFor(approval.id)),
    onSettled: (_data, error) => {
      submission.settle(error ?? undefined);
      invalidateApprovals(queryClient, approval.client.id);
    },
  });
}
