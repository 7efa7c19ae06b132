import { resetPassword as resetPasswordEndpoint } from '@meridian/contracts/endpoints/recovery';
import type { TResetPasswordInput } from '@meridian/contracts/recovery';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** POST /api/user/resetpswd: a new password with the token of an emailed link (single use). */
export function resetPassword(body: TResetPasswordInput) {
  return call(resetPasswordEndpoint, { body }, { auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
