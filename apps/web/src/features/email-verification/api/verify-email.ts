import type { TVerifyEmailInput } from '@meridian/contracts/email-verification';
import { verifyEmail as verifyEmailEndpoint } from '@meridian/contracts/endpoints/email-verification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { session } from '@/lib/session';

/** POST /api/email-verification: the token of the mailed link (single use), signed in or not. */
export function verifyEmail(body: TVerifyEmailInput) {
  return call(verifyEmailEndpoint, { body }, { auth: false });
}

/** Verifies; a client signed in on this tab sees their record (and the banner) follow at once. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => {
      const current = session.get();
      if (!current) return;
      session.updateUser({ ...current.user, emailVerified: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.client(current.user.id) });
    },
  });
}
