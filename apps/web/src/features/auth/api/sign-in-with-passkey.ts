import { passkeySignIn, passkeySignInOptions } from '@meridian/contracts/endpoints/passkeys';
import { startAuthentication } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/**
 * Signs in with a passkey: a challenge from the server, the browser's prompt listing this site's
 * passkeys, then the signed answer back; answered like POST /api/login. Sent without a bearer, like
 * the password sign-in.
 */
export async function signInWithPasskey(remember: boolean) {
  const { challengeId, options } = await call(passkeySignInOptions, {}, { auth: false });
  const response = await startAuthentication({ optionsJSON: options });
  return call(passkeySignIn, { body: { challengeId, response, remember } }, { auth: false });
}

export function useSignInWithPasskey() {
  return useMutation({ mutationFn: signInWithPasskey });
}
