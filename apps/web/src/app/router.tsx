import { createBrowserRouter, Outlet } from 'react-router';
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

/**
 * The route tree. Route paths are eager (small); every page, and each area's layout, loads as its own
 * chunk, so a visitor of `/` never downloads the client or admin areas.
 */
export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      {
        element: <PersistLogin />,
        children: [
          ...publicRoutes,
          {
            path: '/user',
            element: <RequireRole roles={['Client']} loginPath="/auth/user/login" />,
            children: clientRoutes,
          },
          {
            path: '/admin',
            element: <RequireRole roles={['Admin']} loginPath="/auth/admin/login" />,
            children: adminRoutes,
          },
        ],
      },
    ],
  },
]);

// A reload with a remembered session starts restoring it now, while the router (just created)
// fetches the code and words of the page: the area's frame waits for the slower of the two only.
startSessionRestore();
