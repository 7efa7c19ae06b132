import { useParams } from 'react-router';
import { AdminProfile } from '@/features/profile/components/admin-profile';
import { useSession } from '@/lib/session';

/** /admin/profile/{id} (spec 02 §2 "Admin profile and password"). */
export function AdminProfilePage() {
  const { id = '' } = useParams();
  const current = useSession();
  if (!current) return null;
  return <AdminProfile key={id} id={id} ownId={current.user.id} />;
}

export { AdminProfilePage as Component };
