import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { session, useSession } from '@/lib/session';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';

/**
 * After the reader ended the session they are in: go to their area's login page and forget the
 * session in this tab (the token, "remember me", every cached answer), as signing out does. The
 * session is forgotten as the page unmounts, so the area's guard does not see it gone first.
 */
export function useLeaveAfterSignOut(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const current = useSession();
  const leaving = useRef(false);

  useLayoutEffect(
    () => () => {
      if (!leaving.current) return;
      session.clear();
      writeStorage(STORAGE_KEYS.persist, null);
      queryClient.clear();
    },
    [queryClient],
  );

  return () => {
    leaving.current = true;
    void navigate(current?.role === 'Admin' ? '/auth/admin/login' : '/auth/user/login', { replace: true });
  };
}
