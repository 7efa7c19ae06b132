import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { BackToTop } from '@/components/back-to-top';
import { ScrollToTop } from '@/components/scroll-to-top';
import { PersistLogin, RequireRole, startSessionRestore } from './guards';
import { adminRoutes } from './routes/admin/admin-routes';
import { clientRoutes } from './routes/client/client-routes';
import { publicRoutes } from './routes/public/public-routes';

function Root() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
      <BackToTop />
    </>
  );
}

/** The signed-in areas, each behind its role guard. */
const AREAS: readonly RouteObject[] = [
  {
    id: 'client-area',
    path: '/user',
    element: <RequireRole roles={['Client']} loginPath="/auth/user/login" />,
    children: clientRoutes,
  },
  {
    id: 'admin-area',
    path: '/admin',
    element: <RequireRole roles={['Admin']} loginPath="/auth/admin/login" />,
    children: adminRoutes,
  },
];

/** The route below which the areas sit (and are added, `patchRoutesOnNavigation`). */
const SESSION_ROUTE = 'session';

/** The area whose pages `pathname` is one of, if any. */
const areaOf = (pathname: string) => AREAS.find(({ path }) => pathname === path || pathname.startsWith(`${path}/`));

/**
 * The route tree. Route paths are eager (small); every page, and each area's layout, loads as its own
 * chunk, so a visitor of `/` never downloads the client or admin areas.
 *
 * It starts with the public site and the area of the address loaded only: the router ranks every
 * route it holds when it is created, which on a phone costs a long task that grows with their
 * number, and a visit stays in one area. The other area joins on the first navigation into it
 * (`patchRoutesOnNavigation`: React Router asks when an address matches only the public site's
 * catch-all).
 */
const current = areaOf(window.location.pathname);
/** The areas the router holds. */
const held = new Set(current ? [current] : []);
export const router = createBrowserRouter(
  [
    {
      element: <Root />,
      children: [
        {
          id: SESSION_ROUTE,
          element: <PersistLogin />,
          children: [...publicRoutes, ...(current ? [current] : [])],
        },
      ],
    },
  ],
  {
    patchRoutesOnNavigation({ path, patch }) {
      const area = areaOf(path);
      if (area && !held.has(area)) {
        held.add(area);
        patch(SESSION_ROUTE, [area]);
      }
    },
  },
);

// A reload with a remembered session starts restoring it now, while the router (just created)
// fetches the code and words of the page: the area's frame waits for the slower of the two only.
startSessionRestore();
