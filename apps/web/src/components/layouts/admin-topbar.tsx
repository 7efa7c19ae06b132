import type { TUser } from '@meridian/contracts/auth';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguagePicker } from '@/components/language-picker';
import { BRAND_NAME, Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { oneLetterInitial, ShellAvatar } from './shell-avatar';
import { DrawerToggle } from './shell-drawer';

export interface AdminTopBarProps {
  user: TUser;
  drawerId: string;
  drawerOpen: boolean;
  onOpenDrawer: () => void;
}

/** Sidebar toggle (small screens), logo to /admin, theme, language and the profile link. */
export function AdminTopBar({ user, drawerId, drawerOpen, onOpenDrawer }: AdminTopBarProps) {
  const { t } = useTranslation('shell');
  const fullName = `${user.firstname} ${user.lastname}`.trim();
  return (
    <header className="fixed inset-x-0 top-0 z-30 flex h-16 items-center gap-2 border-b border-border bg-surface px-3 sm:px-6">
      <DrawerToggle drawerId={drawerId} open={drawerOpen} onOpen={onOpenDrawer} />
      <Link to="/admin" className="flex min-w-0 items-center gap-2 rounded-lg font-semibold text-fg">
        <Logo />
        <span className="hidden sm:inline">{BRAND_NAME}</span>
        <span className="sr-only sm:not-sr-only sm:rounded sm:bg-surface-2 sm:px-1.5 sm:py-0.5 sm:text-xs sm:font-medium sm:text-muted">
          {t('admin.badge')}
        </span>
      </Link>
      <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
        <ThemeToggle />
        <LanguagePicker />
        <Link
          to={`/admin/profile/${user.id}`}
          className="flex min-w-0 items-center gap-3 rounded-lg p-1 hover:bg-surface-2"
          data-testid="admin-profile-link"
        >
          <ShellAvatar image={user.profile} initials={oneLetterInitial(user.firstname)} size="sm" />
          <span className="sr-only md:not-sr-only md:block md:min-w-0 md:max-w-48 md:text-left">
            <span className="block truncate text-sm font-semibold text-fg">{fullName}</span>
            <span className="block truncate text-xs text-muted">{user.email}</span>
          </span>
        </Link>
      </div>
    </header>
  );
}
