import { rejectKyc as rejectKycEndpoint } from '@meridian/contracts/endpoints/kyc';
import type { TKycRejectInput } from '@meridian/contracts/kyc';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { invalidateKycDecision } from './invalidate-kyc-decision';

/** PUT /api/kyc/reject/{kycId} with the required reason (admin; the reviewer is the caller). */
export function rejectKyc(kycId: string, body: TKycRejectInput) {
  return call(rejectKycEndpoint, { params: { kycId }, body });
}

export function useRejectKyc(kycId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: TKycRejectInput) => rejectKyc(kycId, values),
    onSettled: () => invalidateKycDecision(queryClient, userId),
  });
}
