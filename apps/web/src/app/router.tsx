import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { BackToTop } from '@/components/back-to-top';
import { ScrollToTop } from '@/components/scroll-to-top';
import { PersistLogin, RequireRole, startSessionRestore } from './guards';
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

/**
 * The signed-in areas, each behind its role guard. Their route tables (every page's path, title and
 * loader, a few KB) load with the area, not with the shell that every visit of the public site
 * downloads: `pages/<area>.html` preloads the table of the area it is the page of (vite.config.ts).
 */
const AREAS = [
  {
    id: 'client-area',
    path: '/user',
    element: <RequireRole roles={['Client']} loginPath="/auth/user/login" />,
    children: () => import('./routes/client/client-routes').then((module) => module.clientRoutes),
  },
  {
    id: 'admin-area',
    path: '/admin',
    element: <RequireRole roles={['Admin']} loginPath="/auth/admin/login" />,
    children: () => import('./routes/admin/admin-routes').then((module) => module.adminRoutes),
  },
] as const;
type TArea = (typeof AREAS)[number];

/** The route below which the areas sit (and are added, `patchRoutesOnNavigation`). */
const SESSION_ROUTE = 'session';

/** The area whose pages `pathname` is one of, if any. */
const areaOf = (pathname: string) => AREAS.find(({ path }) => pathname === path || pathname.startsWith(`${path}/`));

/** `area`'s route, with its table loaded. */
async function areaRoute({ children, ...area }: TArea): Promise<RouteObject> {
  return { ...area, children: await children() };
}

/**
 * The route tree. Route paths of the public site are eager (small); every page, each area's layout
 * and each area's route table load as chunks of their own, so a visitor of `/` never downloads the
 * client or admin areas.
 *
 * It starts with the public site and the area of the loaded address only (its table fetched first,
 * which `pages/<area>.html` preloads): the router ranks every route it holds when it is created,
 * which on a phone costs a long task that grows with their number, and a visit stays in one area.
 * The other area joins on the first navigation into it (`patchRoutesOnNavigation`: React Router asks
 * when an address matches only the public site's catch-all, and waits for the table). The area of
 * the address must be there from the start: React Router renders nothing of routes it discovers
 * during the first navigation until the page's code has arrived, and the area's frame is meant to
 * show at once.
 */
export async function createRouter() {
  const current = areaOf(window.location.pathname);
  // A table that did not arrive (a network hiccup) is asked for again by the first navigation.
  const initial = current && (await areaRoute(current).catch(() => undefined));
  /** The areas the router holds or is adding; one whose table failed to load is tried again next time. */
  const patched = new Map<TArea, Promise<void>>(current && initial ? [[current, Promise.resolve()]] : []);
  return createBrowserRouter(
    [
      {
        element: <Root />,
        children: [
          { id: SESSION_ROUTE, element: <PersistLogin />, children: [...publicRoutes, ...(initial ? [initial] : [])] },
        ],
      },
    ],
    {
      async patchRoutesOnNavigation({ path, patch }) {
        const area = areaOf(path);
        if (!area) return;
        let patching = patched.get(area);
        if (!patching) {
          patching = areaRoute(area).then((route) => patch(SESSION_ROUTE, [route]));
          patched.set(area, patching);
          patching.catch(() => patched.delete(area));
        }
        await patching;
      },
    },
  );
}

// A reload with a remembered session starts restoring it now, while the router fetches the code and
// words of the page: the area's frame waits for the slower of the two only.
startSessionRestore();
