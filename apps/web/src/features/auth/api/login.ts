import type { TAuthResponse, TLoginInput } from '@meridian/contracts/auth';
import { login as loginEndpoint } from '@meridian/contracts/endpoints/auth';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { session } from '@/lib/session';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';

/** POST /api/login. Sent without a bearer: signing in must not depend on an older session. */
export function login(body: TLoginInput) {
  return call(loginEndpoint, { body }, { auth: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

/** Keeps the session in memory; "remember me" lets a reload restore it from the refresh cookie. */
export function startSession(auth: TAuthResponse, remember: boolean): void {
  session.set(auth);
  writeStorage(STORAGE_KEYS.persist, remember ? 'true' : null);
}
