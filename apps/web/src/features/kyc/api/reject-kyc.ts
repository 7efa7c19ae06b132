import type { TKycRejectInput } from '@meridian/contracts/kyc';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { api } from '@/lib/api-client';
import { kycKeys } from './keys';

/** PUT /api/kyc/reject/{kycId} with the required reason (admin; the reviewer is the caller). */
export function rejectKyc(kycId: string, values: TKycRejectInput): Promise<{ message: string }> {
  return api<{ message: string }>(`/kyc/reject/${encodeURIComponent(kycId)}`, { method: 'PUT', json: values });
}

/** Rejecting changes the KYC lists and record, the client's record and the audit log. */
export function useRejectKyc(kycId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: TKycRejectInput) => rejectKyc(kycId, values),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: kycKeys.adminAll() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.client(userId) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}
