import { LOGOUT_DELAY_MS } from '@meridian/contracts/constants';
import { logout as logoutEndpoint } from '@meridian/contracts/endpoints/auth';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { call } from '@/lib/api-client';
import { session } from '@/lib/session';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';

/** GET /api/logout: revokes this session on the server and clears the refresh cookie. */
export function logout() {
  return call(logoutEndpoint);
}

/** Forgets the session in this tab: the token, "remember me" and every cached answer. */
export function endSession(queryClient: QueryClient): void {
  session.clear();
  writeStorage(STORAGE_KEYS.persist, null);
  queryClient.clear();
}

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/**
 * After the confirmation, wait 2 s, call the logout endpoint, end the session and go to
 * `redirectTo`. A failed call keeps the session (the server still knows it) so the user can retry.
 *
 * Order matters: the shell leaves first and the session ends as the component using this hook unmounts.
 * Clearing it while the shell's role guard is still on screen would make the guard send the user to the
 * login page instead of `redirectTo`.
 */
export function useLogout({ redirectTo }: { redirectTo: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const leaving = useRef(false);

  useLayoutEffect(
    () => () => {
      if (leaving.current) endSession(queryClient);
    },
    [queryClient],
  );

  return useMutation({
    mutationFn: async () => {
      await wait(LOGOUT_DELAY_MS);
      return logout();
    },
    onSuccess: () => {
      leaving.current = true;
      void navigate(redirectTo, { replace: true });
    },
  });
}
