import { ChangePassword } from '@/features/profile/components/change-password';
import { useSession } from '@/lib/session';

/** /admin/change-password: the page clients use too. */
export function AdminChangePasswordPage() {
  const current = useSession();
  if (!current) return null;
  return <ChangePassword userId={current.user.id} />;
}

export { AdminChangePasswordPage as Component };
