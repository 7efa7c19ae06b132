import { useParams } from 'react-router';
import { AdminProfile } from '@/features/profile/components/admin-profile';
import { useSession } from '@/lib/session';

/** /admin/profile/{id}: the signed-in admin's profile. */
export function AdminProfilePage() {
  const { id = '' } = useParams();
  const current = useSession();
  if (!current) return null;
  return <AdminProfile key={id} id={id} ownId={current.user.id} />;
}

export { AdminProfilePage as Component };
