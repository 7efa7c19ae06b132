import type { TAuthResponse } from '@meridian/contracts/auth';
import { tempLogin as tempLoginEndpoint } from '@meridian/contracts/endpoints/recovery';
import { secondFactorSignIn } from '@meridian/contracts/endpoints/two-factor';
import type { TTempLoginInput } from '@meridian/contracts/recovery';
import { isSecondFactorChallenge, type TSecondFactorSignInInput } from '@meridian/contracts/two-factor';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { session } from '@/lib/session';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';

/**
 * POST /api/unlock/temp-login: the emailed code signs the person in (and lifts the lock), or, with
 * two-factor sign-in on, answers the challenge of the code step.
 */
export function tempLogin(body: TTempLoginInput) {
  return call(tempLoginEndpoint, { body }, { auth: false });
}

/** The session starts like a sign-in without "remember me". */
function keep(auth: TAuthResponse) {
  session.set(auth);
  writeStorage(STORAGE_KEYS.persist, null);
}

export function useTempLogin() {
  return useMutation({
    mutationFn: tempLogin,
    onSuccess: (answer) => {
      if (!isSecondFactorChallenge(answer)) keep(answer);
    },
  });
}

/** POST /api/login/second-factor after a temporary code: the code of the authenticator app or a recovery code. */
export function useTempLoginSecondFactor() {
  return useMutation({
    mutationFn: (body: TSecondFactorSignInInput) => call(secondFactorSignIn, { body }, { auth: false }),
    onSuccess: keep,
  });
}
