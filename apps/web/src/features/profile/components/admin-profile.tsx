import type { TUser } from '@meridian/contracts/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailItem } from '@/components/ui/card';
import { QueryView } from '@/components/ui/query-view';
import { ActiveBadge } from '@/components/ui/status-badges';
import { useAdminProfile } from '../api/get-admin-profile';
import { AdminProfileDialog } from './admin-profile-dialog';
import { AvatarDialog } from './avatar-dialog';
import { ProfileDetails, ProfileHeader } from './profile-header';
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
  return (
    <>
      <ProfileHeader
        user={user}
        initials={oneLetter(user.firstname)}
        onEditAvatar={isOwn ? () => setAvatarOpen(true) : undefined}
        onEdit={isOwn ? () => setEditOpen(true) : undefined}
      />
      <ProfileDetails>
        <DetailItem label={t('fields.username')}>{user.username}</DetailItem>
        <DetailItem label={t('fields.email')}>{user.email}</DetailItem>
        <DetailItem label={t('fields.phone')}>
          <span data-testid="profile-phone">{user.phone || '—'}</span>
        </DetailItem>
        <DetailItem label={t('fields.status')}>
          <ActiveBadge isActive={user.isActive} labels={{ yes: t('active'), no: t('inactive') }} />
        </DetailItem>
        <DetailItem label={t('fields.role')}>{t('administrator')}</DetailItem>
      </ProfileDetails>
      {isOwn && (
        <>
          <AvatarDialog userId={user.id} open={avatarOpen} onOpenChange={setAvatarOpen} />
          {editOpen && <AdminProfileDialog user={user} onClose={() => setEditOpen(false)} />}
        </>
      )}
    </>
  );
}
