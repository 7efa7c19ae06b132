import { twoFactorConfirm, twoFactorSetup } from '@meridian/contracts/endpoints/two-factor';
import type { TTwoFactorConfirmInput } from '@meridian/contracts/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { twoFactorKeys } from './two-factor-status';

/** POST /api/user/two-factor/setup: a new secret, its QR code and its typed-out form. */
export function useStartEnrolment() {
  return useMutation({ mutationFn: () => call(twoFactorSetup, {}) });
}

/**
 * POST /api/user/two-factor/confirm: turns it on and answers the recovery codes. The status is
 * refreshed only once the person has seen the codes (`useFinishEnrolment`), so that an admin's
 * gate does not open before.
 */
export function useConfirmEnrolment() {
  return useMutation({ mutationFn: (body: TTwoFactorConfirmInput) => call(twoFactorConfirm, { body }) });
}

export function useFinishEnrolment() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.all() });
}
