import { useCallback, useState } from 'react';
import { Outlet } from 'react-router';
import { ClientHeader } from '@/components/layouts/client-header';
import { ClientSidebar } from '@/components/layouts/client-sidebar';
import { ShellDrawer } from '@/components/layouts/shell-drawer';
import { ShellMain, SkipLink } from '@/components/layouts/shell-main';
import { ShellPageLoading } from '@/components/layouts/shell-page-loading';
import { useDocumentTitle, useShellTitle } from '@/components/layouts/shell-title';
import { LogoutDialog } from '@/features/auth/components/logout-dialog';
import { EmailVerificationBanner } from '@/features/email-verification/components/email-verification-banner';
import { useLiveUpdates } from '@/features/live/use-live-updates';
import { useSession } from '@/lib/session';
import { ClientBell } from './client-bell';

const DRAWER_ID = 'client-nav-drawer';

/**
 * The client area shell: a full-height sidebar column from `lg` up, an off-canvas drawer below
 * it, the header, and the page. Rendered only under the Client role guard, so a session exists.
 */
export function ClientLayout() {
  const current = useSession();
  const title = useShellTitle();
  useDocumentTitle(title);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const openLogout = useCallback(() => setLogoutOpen(true), []);

  if (!current) return null;
  const { user } = current;
  return (
    <div className="min-h-dvh bg-bg text-fg lg:flex" data-area-frame="client">
      <LiveUpdates userId={user.id} />
      <SkipLink />
      {/* A column as tall as the page (its background and border run to the bottom of a long page),
          holding the sidebar in a panel that stays in view while the page scrolls. */}
      <div className="hidden w-64 shrink-0 border-r border-border bg-surface lg:block" data-testid="sidebar">
        <div className="sticky top-0 h-dvh">
          <ClientSidebar user={user} onLogout={openLogout} />
        </div>
      </div>
      <ShellDrawer id={DRAWER_ID} open={drawerOpen} onOpenChange={setDrawerOpen}>
        <ClientSidebar user={user} onNavigate={closeDrawer} onLogout={openLogout} inDrawer />
      </ShellDrawer>
      <div className="flex min-h-dvh min-w-0 flex-1 flex-col">
        <ClientHeader
          user={user}
          title={title}
          drawerId={DRAWER_ID}
          drawerOpen={drawerOpen}
          onOpenDrawer={() => setDrawerOpen(true)}
          bell={<ClientBell userId={user.id} />}
        />
        {/* Room at the foot: scrolled to the end, the last row clears the back-to-top button. */}
        <ShellMain className="px-4 pb-20 pt-6 sm:px-6 lg:px-8 lg:pt-8">
          {/* On every page: each money screen would otherwise be refused without saying why. */}
          <EmailVerificationBanner user={user} />
          <Outlet />
        </ShellMain>
      </div>
      <LogoutDialog open={logoutOpen} onOpenChange={setLogoutOpen} redirectTo="/" />
    </div>
  );
}

/** The signed-in client's live account updates, for as long as the client area is open. */
function LiveUpdates({ userId }: { userId: string }) {
  useLiveUpdates(userId);
  return null;
}

export { ClientLayout as Component, ShellPageLoading as PageLoading };
