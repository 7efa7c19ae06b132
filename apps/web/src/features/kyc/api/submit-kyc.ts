import type { TKycSubmitFields } from '@meridian/contracts/kyc';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { session } from '@/lib/session';
import { kycKeys } from './keys';

export interface TKycSubmission extends TKycSubmitFields {
  documentImage: File;
  selfieImage: File;
}

/** POST /api/kyc/submit/{userId}: multipart text fields plus documentImage and selfieImage. */
export function submitKyc(userId: string, values: TKycSubmission): Promise<{ message: string }> {
  return api<{ message: string }>(`/kyc/submit/${encodeURIComponent(userId)}`, {
    method: 'POST',
    form: { ...values },
  });
}

/** Submits, then the status refreshes and the signed-in user shows 'pending' (banner, sidebar). */
export function useSubmitKyc(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: TKycSubmission) => submitKyc(userId, values),
    onSuccess: () => {
      const user = session.get()?.user;
      if (user?.id === userId) session.updateUser({ ...user, kycStatus: 'pending' });
      void queryClient.invalidateQueries({ queryKey: kycKeys.status(userId) });
    },
  });
}
