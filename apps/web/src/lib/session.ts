import type { TAuthResponse, TUser } from '@meridian/contracts/auth';
import type { TUserType } from '@meridian/contracts/constants';
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, writeStorage } from './storage';

/**
 * The signed-in session. The access token lives only in memory; a reload restores it from the
 * httpOnly refresh cookie when "remember me" was chosen.
 */
export interface TSession {
  user: TUser;
  accessToken: string;
  role: TUserType;
}

let current: TSession | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export const session = {
  get: (): TSession | null => current,
  accessToken: (): string | null => current?.accessToken ?? null,
  set(auth: TAuthResponse) {
    current = { user: auth.user, accessToken: auth.accessToken, role: auth.roles };
    writeStorage(STORAGE_KEYS.role, auth.roles);
    emit();
  },
  /** Replace the user (after a profile change) without touching the token. */
  updateUser(user: TUser) {
    if (!current) return;
    current = { ...current, user };
    emit();
  },
  clear() {
    current = null;
    writeStorage(STORAGE_KEYS.role, null);
    emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSession(): TSession | null {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
