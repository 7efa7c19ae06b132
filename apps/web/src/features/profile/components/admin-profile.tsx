import type { TUser } from '@meridian/contracts/auth';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, DetailItem } from '@/components/ui/card';
import { QueryView } from '@/components/ui/query-view';
import { ActiveBadge } from '@/components/ui/status-badges';
import { useAdminProfile } from '../api/get-admin-profile';
import { AdminProfileDialog } from './admin-profile-dialog';
import { AvatarDialog } from './avatar-dialog';
import { ProfileAvatar } from './profile-avatar';
import { ProfileHeaderLinks } from './profile-header-links';
import { ProfileSkeleton } from './profile-skeleton';

/** Admin avatars show the first letter of the first name. */
const oneLetter = (firstname: string) => Array.from(firstname.trim())[0] ?? '?';

/**
 * /admin/profile/{id}: picture or initial, name, email,
 * username, phone, active status, role Administrator. Only one's own profile can be edited.
 */
export function AdminProfile({ id, ownId }: { id: string; ownId: string }) {
  const { t } = useTranslation('profile');
  const query = useAdminProfile(id);
  return (
    <div className="space-y-6">
      <ProfileHeaderLinks dashboard="/admin" changePassword="/admin/change-password" security="/admin/security" />
      <QueryView query={query} loading={<ProfileSkeleton />} errorTitle={t('adminLoadFailed')}>
        {(user) => <AdminProfileView user={user} isOwn={user.id === ownId} />}
      </QueryView>
    </div>
  );
}

function AdminProfileView({ user, isOwn }: { user: TUser; isOwn: boolean }) {
  const { t } = useTranslation('profile');
  const [avatarOpen, setAvatarOpen] = useState(false);
  const [editOpen, setEditOpen] = useState(false);
  const fullName = `${user.firstname} ${user.lastname}`.trim();
  return (
    <>
      <section
        aria-labelledby="profile-name"
        className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5 sm:flex-row sm:items-center"
      >
        <ProfileAvatar
          image={user.profile}
          initials={oneLetter(user.firstname)}
          onEdit={isOwn ? () => setAvatarOpen(true) : undefined}
        />
        <div className="min-w-0 flex-1">
          <h1 id="profile-name" className="truncate text-xl font-semibold text-fg" data-testid="profile-name">
            {fullName}
          </h1>
          <p className="truncate text-sm text-muted">{user.email}</p>
        </div>
        {isOwn && (
          <Button onClick={() => setEditOpen(true)} className="self-start sm:self-center">
            <Pencil className="h-4 w-4" aria-hidden="true" />
            {t('updateProfile')}
          </Button>
        )}
      </section>
      <Card title={t('details')}>
        <dl className="grid gap-5 sm:grid-cols-2" data-testid="profile-details">
          <DetailItem label={t('fields.username')}>{user.username}</DetailItem>
          <DetailItem label={t('fields.email')}>{user.email}</DetailItem>
          <DetailItem label={t('fields.phone')}>
            <span data-testid="profile-phone">{user.phone || '—'}</span>
          </DetailItem>
          <DetailItem label={t('fields.status')}>
            <ActiveBadge isActive={user.isActive} labels={{ yes: t('active'), no: t('inactive') }} />
          </DetailItem>
          <DetailItem label={t('fields.role')}>{t('administrator')}</DetailItem>
        </dl>
      </Card>
      {isOwn && (
        <>
          <AvatarDialog userId={user.id} open={avatarOpen} onOpenChange={setAvatarOpen} />
          {editOpen && <AdminProfileDialog user={user} onClose={() => setEditOpen(false)} />}
        </>
      )}
    </>
  );
}
