import { secondFactorSignIn } from '@meridian/contracts/endpoints/two-factor';
import type { TSecondFactorSignInInput } from '@meridian/contracts/two-factor';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** POST /api/login/second-factor: the challenge of the password step and a code; answers the session. */
export function signInSecondFactor(body: TSecondFactorSignInInput) {
  return call(secondFactorSignIn, { body }, { auth: false });
}

export function useSecondFactorSignIn() {
  return useMutation({ mutationFn: signInSecondFactor });
}
