import type { TUser } from '@meridian/contracts/auth';
import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ProfileAvatar } from './profile-avatar';

export interface ProfileHeaderProps {
  user: TUser;
  /** Shown without a picture (two letters for clients, one for admins). */
  initials: string;
  /** Opens the picture's upload dialog; without it the picture cannot be changed here. */
  onEditAvatar?: (() => void) | undefined;
  /** Opens Update Profile; without it there is no such button. */
  onEdit?: (() => void) | undefined;
  /** Badges below the email. */
  badges?: ReactNode;
}

/** The top of a profile page: picture or initials, full name and email, and Update Profile on one's own. */
export function ProfileHeader({ user, initials, onEditAvatar, onEdit, badges }: ProfileHeaderProps) {
  const { t } = useTranslation('profile');
  return (
    <section
      aria-labelledby="profile-name"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5 sm:flex-row sm:items-center"
    >
      <ProfileAvatar image={user.profile} initials={initials} onEdit={onEditAvatar} />
      <div className="min-w-0 flex-1">
        <h1 id="profile-name" className="truncate text-xl font-semibold text-fg" data-testid="profile-name">
          {`${user.firstname} ${user.lastname}`.trim()}
        </h1>
        <p className="truncate text-sm text-muted">{user.email}</p>
        {badges && <div className="mt-2 flex flex-wrap gap-2">{badges}</div>}
      </div>
      {onEdit && (
        <Button onClick={onEdit} className="self-start sm:self-center">
          <Pencil className="h-4 w-4" aria-hidden="true" />
          {t('updateProfile')}
        </Button>
      )}
    </section>
  );
}

/** The Details card of a profile page: its items (`DetailItem`) in two columns. */
export function ProfileDetails({ children }: { children: ReactNode }) {
  const { t } = useTranslation('profile');
  return (
    <Card title={t('details')}>
      <dl className="grid gap-5 sm:grid-cols-2" data-testid="profile-details">
        {children}
      </dl>
    </Card>
  );
}
