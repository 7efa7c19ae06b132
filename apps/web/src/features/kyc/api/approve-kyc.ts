import { approveKyc as approveKycEndpoint } from '@meridian/contracts/endpoints/kyc';
import type { TKycApproveInput } from '@meridian/contracts/kyc';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { invalidateKycDecision } from './invalidate-kyc-decision';

/** PUT /api/kyc/approve/{kycId} with optional notes (admin; the reviewer is the caller). */
export function approveKyc(kycId: string, body: TKycApproveInput) {
  return call(approveKycEndpoint, { params: { kycId }, body });
}

export function useApproveKyc(kycId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: TKycApproveInput) => approveKyc(kycId, values),
    onSettled: () => invalidateKycDecision(queryClient, userId),
  });
}
