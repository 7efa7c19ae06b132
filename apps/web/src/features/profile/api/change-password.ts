import type { TChangePasswordInput } from '@meridian/contracts/auth';
import type { TMessage } from '@meridian/contracts/errors';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/user/changepswd/{userId} (a form): the new password. The server ends every session of the
 * user, so the caller signs in again afterwards.
 */
export function changePassword(userId: string, input: TChangePasswordInput): Promise<TMessage> {
  return api<TMessage>(`/user/changepswd/${encodeURIComponent(userId)}`, { form: { password: input.password } });
}

export function useChangePassword(userId: string) {
  return useMutation({ mutationFn: (input: TChangePasswordInput) => changePassword(userId, input) });
}
