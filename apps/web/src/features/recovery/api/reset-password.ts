import type { TResetPasswordInput } from '@meridian/contracts/recovery';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/user/resetpswd: a new password with the token of an emailed link (single use). */
export function resetPassword(input: TResetPasswordInput) {
  return api<{ message: string }>('/user/resetpswd', { json: input, auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
