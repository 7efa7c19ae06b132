import { useParams } from 'react-router';
import { ClientProfile } from '@/features/profile/components/client-profile';
import { useSession } from '@/lib/session';

/** /user/profile/{userId}: the signed-in client's profile. */
export function ProfilePage() {
  const { userId = '' } = useParams();
  const current = useSession();
  if (!current) return null;
  return <ClientProfile key={userId} requestedId={userId} ownId={current.user.id} />;
}

export { ProfilePage as Component };
