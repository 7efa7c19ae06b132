import type { TUserType } from '@meridian/contracts/constants';
import type { TPermission } from '@meridian/contracts/staff-terms';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Splash } from '@/components/splash';
import { useCan } from '@/hooks/use-can';
import { refreshSession } from '@/lib/api-client';
import { session, useSession } from '@/lib/session';
import { readStorage, STORAGE_KEYS } from '@/lib/storage';

/** Where the login page sends someone back to after signing in. */
export interface TFromState {
  from?: { pathname: string; search?: string };
}

/**
 * The page renders when the signed-in role is allowed; a signed-in user
 * of another role goes to /unauthorized; nobody signed in goes to the login page, which remembers
 * the origin.
 */
export function RequireRole({ roles, loginPath }: { roles: TUserType[]; loginPath: string }) {
  const current = useSession();
  const location = useLocation();
  if (!current) {
    const state: TFromState = { from: { pathname: location.pathname, search: location.search } };
    return <Navigate to={loginPath} replace state={state} />;
  }
  if (!roles.includes(current.role)) return <Navigate to="/unauthorized" replace />;
  return <Outlet />;
}

/**
 * The back-office page renders when the staff member's role allows what it needs (`permissionOf` its
 * path; `null`: nothing beyond being staff); otherwise the frame stays and the page says the role does
 * not allow it (someone typed the address or followed an old link) rather than sending requests the
 * server would refuse with 403 (docs/security.md, "Staff roles").
 */
export function RequirePermission({
  permissionOf,
  refused,
}: {
  permissionOf: (pathname: string) => TPermission | null;
  refused: ReactNode;
}) {
  const { pathname } = useLocation();
  const allowed = useCan(permissionOf(pathname) ?? undefined);
  return allowed ? <Outlet /> : refused;
}

/** The restore of a remembered session: started at most once per page load, and whether it is over. */
let restore: Promise<unknown> | undefined;
let restored = false;

/**
 * Starts restoring a remembered session from the refresh cookie, if there is one to restore. The
 * router calls it as it is created, so the call runs alongside the loading of the page's code and
 * words rather than after the first render.
 */
export function startSessionRestore(): void {
  if (restore || session.get() || readStorage(STORAGE_KEYS.persist) !== 'true') return;
  restore = refreshSession().finally(() => {
    restored = true;
  });
}

/**
 * Shows the splash while a remembered session is being restored (only as long as that takes: the
 * area's frame follows as soon as the session is known), then the page.
 */
export function PersistLogin() {
  const [restoring, setRestoring] = useState(() => {
    startSessionRestore();
    return restore !== undefined && !restored;
  });

  useEffect(() => {
    if (!restoring || !restore) return;
    let alive = true;
    void restore.finally(() => {
      // The area's whole frame and page render now: as a transition, in slices between which a
      // phone can still answer a tap, rather than as one long task (the splash stays up meanwhile).
      if (alive) startTransition(() => setRestoring(false));
    });
    return () => {
      alive = false;
    };
  }, [restoring]);

  return restoring ? <Splash /> : <Outlet />;
}
