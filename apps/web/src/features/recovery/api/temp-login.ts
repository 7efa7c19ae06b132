import { tempLogin as tempLoginEndpoint } from '@meridian/contracts/endpoints/recovery';
import type { TTempLoginInput } from '@meridian/contracts/recovery';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { session } from '@/lib/session';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';

/** POST /api/unlock/temp-login: the emailed code signs the person in (and lifts the lock). */
export function tempLogin(body: TTempLoginInput) {
  return call(tempLoginEndpoint, { body }, { auth: false });
}

/** On success the session starts like a sign-in without "remember me". */
export function useTempLogin() {
  return useMutation({
    mutationFn: tempLogin,
    onSuccess: (auth) => {
      session.set(auth);
      writeStorage(STORAGE_KEYS.persist, null);
    },
  });
}
