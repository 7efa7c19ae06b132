import type { TUser } from '@meridian/contracts/auth';
import { verificationState } from '@meridian/contracts/verification';
import { UserX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient, useFreshClient } from '@/api/client';
import { ButtonLink } from '@/components/ui/button-link';
import { DetailItem } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Money } from '@/components/ui/money';
import { QueryView } from '@/components/ui/query-view';
import { ActiveBadge, VerifiedBadge } from '@/components/ui/status-badges';
import { useCountryName } from '@/hooks/use-country-name';
import { AvatarDialog } from './avatar-dialog';
import { ClientProfileDialog } from './client-profile-dialog';
import { ProfileDetails, ProfileHeader } from './profile-header';
import { ProfileHeaderLinks } from './profile-header-links';
import { ProfileSkeleton } from './profile-skeleton';

/** Client avatars show the first two letters of the first name. */
const twoLetters = (firstname: string) => Array.from(firstname.trim()).slice(0, 2).join('') || '?';

export interface ClientProfileProps {
  /** The id in the address bar. */
  requestedId: string;
  /** The signed-in client's id: the only profile they may see. */
  ownId: string;
}

/** /user/profile/{userId}: the client's own profile. Another id shows a not-found state (the server refuses it too). */
export function ClientProfile({ requestedId, ownId }: ClientProfileProps) {
  const { t } = useTranslation('profile');
  const query = useClient(ownId);
  // The record read here also refreshes the session's copy, so the sidebar's KYC dot agrees with the badge.
  useFreshClient(ownId);
  if (requestedId !== ownId) {
    return (
      <EmptyState
        icon={UserX}
        title={t('notYours.title')}
        description={t('notYours.description')}
        action={<ButtonLink to={`/user/profile/${ownId}`}>{t('notYours.action')}</ButtonLink>}
      />
    );
  }
  return (
    <div className="space-y-6">
      <ProfileHeaderLinks dashboard="/user" changePassword="/user/change-password" security="/user/security" />
      <QueryView query={query} loading={<ProfileSkeleton />} errorTitle={t('loadFailed')}>
        {(user) => <ClientProfileView user={user} />}
      </QueryView>
    </div>
  );
}

function ClientProfileView({ user }: { user: TUser }) {
  const { t } = useTranslation('profile');
  const countryName = useCountryName();
  const [avatarOpen, setAvatarOpen] = useState(false);
  const [editOpen, setEditOpen] = useState(false);
  return (
    <>
      <ProfileHeader
        user={user}
        initials={twoLetters(user.firstname)}
        onEditAvatar={() => setAvatarOpen(true)}
        onEdit={() => setEditOpen(true)}
        badges={
          <VerifiedBadge
            isVerified={verificationState(user).verified}
            labels={{ yes: t('verified'), no: t('unverified') }}
          />
        }
      />
      <ProfileDetails>
        <DetailItem label={t('fields.username')}>{user.username}</DetailItem>
        <DetailItem label={t('fields.balance')}>
          <Money amount={user.balance} className="font-semibold" />
        </DetailItem>
        <DetailItem label={t('fields.phone')}>
          <span data-testid="profile-phone">{user.phone || '—'}</span>
        </DetailItem>
        <DetailItem label={t('fields.country')}>{countryName(user.country)}</DetailItem>
        <DetailItem label={t('fields.address')} wide>
          {user.address || '—'}
        </DetailItem>
        <DetailItem label={t('fields.status')}>
          <ActiveBadge isActive={user.isActive} labels={{ yes: t('active'), no: t('inactive') }} />
        </DetailItem>
      </ProfileDetails>
      <AvatarDialog userId={user.id} open={avatarOpen} onOpenChange={setAvatarOpen} />
      {editOpen && <ClientProfileDialog user={user} onClose={() => setEditOpen(false)} />}
    </>
  );
}
