import type { TUser } from '@meridian/contracts/auth';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguagePicker } from '@/components/language-picker';
import { ThemeToggle } from '@/components/theme-toggle';
import { ShellAvatar, twoLetterInitials } from './shell-avatar';
import { DrawerToggle } from './shell-drawer';

export interface ClientHeaderProps {
  user: TUser;
  title: string;
  drawerId: string;
  drawerOpen: boolean;
  onOpenDrawer: () => void;
  /** The notifications bell: app/ fills it from the notifications feature (components import no feature). */
  bell?: ReactNode;
}

/**
 * Menu toggle (below `lg`), the page title, language (from `sm` up; in the drawer on a phone), theme
 * (from `sm` up), the bell and the profile avatar.
 */
export function ClientHeader({ user, title, drawerId, drawerOpen, onOpenDrawer, bell }: ClientHeaderProps) {
  const { t } = useTranslation('shell');
  const fullName = `${user.firstname} ${user.lastname}`.trim();
  return (
    <header className="sticky top-0 z-30 flex min-h-16 items-center gap-2 border-b border-border bg-surface/95 px-3 py-2 backdrop-blur sm:px-6 lg:px-8">
      <DrawerToggle drawerId={drawerId} open={drawerOpen} onOpen={onOpenDrawer} />
      {/* Readable in full in every language: a long title wraps (a very long word breaks) rather
          than being cut off; on a phone the language picker sits in the drawer to leave it room. */}
      <p
        className="min-w-0 flex-1 text-base font-semibold leading-5 text-fg [overflow-wrap:anywhere] sm:text-lg sm:leading-6"
        data-testid="page-title"
      >
        {title}
      </p>
      <div className="flex shrink-0 items-center gap-1 sm:gap-2">
        <LanguagePicker className="max-sm:hidden" />
        <ThemeToggle className="max-sm:hidden" />
        {bell}
        {/* Named by hidden text, not aria-label: the initials it shows are not its name (WCAG 2.5.3). */}
        <Link to={`/user/profile/${user.id}`} className="rounded-full p-0.5">
          <span aria-hidden="true">
            <ShellAvatar
              image={user.profile}
              initials={twoLetterInitials(user.firstname)}
              size="sm"
              isActive={user.isActive}
            />
          </span>
          <span className="sr-only">
            {t('header.profile', {
              name: fullName,
              status: t(user.isActive ? 'status.active' : 'status.inactive'),
            })}
          </span>
        </Link>
      </div>
    </header>
  );
}
