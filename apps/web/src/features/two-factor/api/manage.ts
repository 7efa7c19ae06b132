import { twoFactorDisable, twoFactorRecoveryCodes } from '@meridian/contracts/endpoints/two-factor';
import type { TTwoFactorCodeInput } from '@meridian/contracts/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { twoFactorKeys } from './two-factor-status';

/** POST /api/user/two-factor/disable, with a current code or a recovery code. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TTwoFactorCodeInput) => call(twoFactorDisable, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.all() }),
  });
}

/** POST /api/user/two-factor/recovery-codes: a new set, answered once; the old ones stop working. */
export function useRegenerateRecoveryCodes() {
  return useMutation({ mutationFn: (body: TTwoFactorCodeInput) => call(twoFactorRecoveryCodes, { body }) });
}
