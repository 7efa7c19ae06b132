import type { TChangePasswordInput } from '@meridian/contracts/auth';
import { changePassword as changePasswordEndpoint } from '@meridian/contracts/endpoints/auth';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/**
 * POST /api/user/changepswd/{userId}: the current and the new password. The server ends every other
 * session of the user; this one goes on.
 */
export function changePassword(userId: string, body: TChangePasswordInput) {
  return call(changePasswordEndpoint, { params: { userId }, body });
}

export function useChangePassword(userId: string) {
  return useMutation({ mutationFn: (body: TChangePasswordInput) => changePassword(userId, body) });
}
