import type { TUser } from '@meridian/contracts/auth';
import { ShellAvatar, twoLetterInitials } from './shell-avatar';

/** The sidebar's identity block: avatar with the active dot, full name and email. */
export function ClientUserCard({ user }: { user: TUser }) {
  const fullName = `${user.firstname} ${user.lastname}`.trim();
  return (
    <div className="flex items-center gap-3 border-b border-border px-5 py-4" data-testid="sidebar-user">
      <ShellAvatar image={user.profile} initials={twoLetterInitials(user.firstname)} isActive={user.isActive} />
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold text-fg">{fullName}</p>
        <p className="truncate text-xs text-muted">{user.email}</p>
      </div>
    </div>
  );
}
