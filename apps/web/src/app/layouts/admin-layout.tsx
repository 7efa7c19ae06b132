import { useCallback, useState } from 'react';
import { Outlet } from 'react-router';
import { AdminFooter } from '@/components/layouts/admin-footer';
import { AdminSidebar } from '@/components/layouts/admin-sidebar';
import { AdminTopBar } from '@/components/layouts/admin-topbar';
import { ShellDrawer } from '@/components/layouts/shell-drawer';
import { ShellMain, SkipLink } from '@/components/layouts/shell-main';
import { ShellPageLoading } from '@/components/layouts/shell-page-loading';
import { useDocumentTitle, useShellTitle } from '@/components/layouts/shell-title';
import { LogoutDialog } from '@/features/auth/components/logout-dialog';
import { useSession } from '@/lib/session';

const DRAWER_ID = 'admin-nav-drawer';

/**
 * The admin back-office shell: fixed top bar, a full-height sidebar column (a drawer below
 * `lg`), the page and the footer. Rendered only under the Admin role guard, so a session exists.
 */
export function AdminLayout() {
  const current = useSession();
  useDocumentTitle(useShellTitle());
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const openLogout = useCallback(() => setLogoutOpen(true), []);

  if (!current) return null;
  return (
    <div className="min-h-dvh bg-bg text-fg" data-area-frame="admin">
      <SkipLink />
      <AdminTopBar
        user={current.user}
        drawerId={DRAWER_ID}
        drawerOpen={drawerOpen}
        onOpenDrawer={() => setDrawerOpen(true)}
      />
      <ShellDrawer id={DRAWER_ID} open={drawerOpen} onOpenChange={setDrawerOpen}>
        <AdminSidebar onNavigate={closeDrawer} onLogout={openLogout} withBrand />
      </ShellDrawer>
      <div className="flex min-h-dvh pt-16">
        {/* A column as tall as the page (its background and border run to the bottom of a long
            page), holding the sidebar in a panel that stays in view below the top bar. */}
        <div className="hidden w-64 shrink-0 border-r border-border bg-surface lg:block" data-testid="sidebar">
          <div className="sticky top-16 h-[calc(100dvh-4rem)]">
            <AdminSidebar onLogout={openLogout} />
          </div>
        </div>
        <div className="flex min-w-0 flex-1 flex-col">
          {/* Room at the foot: scrolled to the end, the last row clears the back-to-top button. */}
          <ShellMain className="px-4 pb-20 pt-6 sm:px-6 lg:px-8 lg:pt-8">
            <Outlet />
          </ShellMain>
          <AdminFooter />
        </div>
      </div>
      <LogoutDialog open={logoutOpen} onOpenChange={setLogoutOpen} redirectTo="/auth/admin/login" />
    </div>
  );
}

export { AdminLayout as Component, ShellPageLoading as PageLoading };
