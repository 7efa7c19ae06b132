import type { TUserType } from '@meridian/contracts/constants';
import { SPLASH_MS } from '@meridian/contracts/constants';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Splash } from '@/components/splash';
import { refreshSession } from '@/lib/api-client';
import { useSession } from '@/lib/session';
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
 * Restores a remembered session from the refresh cookie once per page load, showing the splash
 * meanwhile (at least 1.5 s).
 */
export function PersistLogin() {
  const current = useSession();
  const [restoring, setRestoring] = useState(() => !current && readStorage(STORAGE_KEYS.persist) === 'true');

  useEffect(() => {
    if (!restoring) return;
    let alive = true;
    Promise.all([refreshSession(), new Promise((r) => setTimeout(r, SPLASH_MS))]).finally(() => {
      if (alive) setRestoring(false);
    });
    return () => {
      alive = false;
    };
  }, [restoring]);

  return restoring ? <Splash /> : <Outlet />;
}
