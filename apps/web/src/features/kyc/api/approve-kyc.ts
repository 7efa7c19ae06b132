import type { TKycApproveInput } from '@meridian/contracts/kyc';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { api } from '@/lib/api-client';
import { kycKeys } from './keys';

/** PUT /api/kyc/approve/{kycId} with optional notes (admin; the reviewer is the caller). */
export function approveKyc(kycId: string, values: TKycApproveInput): Promise<{ message: string }> {
  return api<{ message: string }>(`/kyc/approve/${encodeURIComponent(kycId)}`, { method: 'PUT', json: values });
}

/** Approving changes the KYC lists and record, the client's record and the audit log. */
export function useApproveKyc(kycId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: TKycApproveInput) => approveKyc(kycId, values),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: kycKeys.adminAll() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.client(userId) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}
