import { submitKyc as submitKycEndpoint } from '@meridian/contracts/endpoints/kyc';
import type { TKycSubmitInput } from '@meridian/contracts/kyc';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { session } from '@/lib/session';

/**
 * POST /api/kyc/submit/{userId}: multipart text fields plus documentImage and selfieImage; on a
 * resubmission an image left out is the previous submission's, which the server copies.
 */
export function submitKyc(userId: string, body: TKycSubmitInput) {
  return call(submitKycEndpoint, { params: { userId }, body });
}

/** Submits, then the KYC views refresh and the signed-in user shows 'pending' (banner, sidebar). */
export function useSubmitKyc(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: TKycSubmitInput) => submitKyc(userId, values),
    onSuccess: () => {
      const user = session.get()?.user;
      if (user?.id === userId) session.updateUser({ ...user, kycStatus: 'pending' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.kyc() });
    },
  });
}
