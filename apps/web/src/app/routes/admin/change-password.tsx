import { ChangePassword } from '@/features/profile/components/change-password';
import { useSession } from '@/lib/session';

/** /admin/change-password (spec 02 §2): the page clients use too. */
export function AdminChangePasswordPage() {
  const current = useSession();
  if (!current) return null;
  return <ChangePassword userId={current.user.id} role={current.role} />;
}

export { AdminChangePasswordPage as Component };
