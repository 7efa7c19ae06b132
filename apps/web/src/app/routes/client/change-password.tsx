import { ChangePassword } from '@/features/profile/components/change-password';
import { useSession } from '@/lib/session';

/** /user/change-password; the same page as the admin's. */
export function ChangePasswordPage() {
  const current = useSession();
  if (!current) return null;
  return <ChangePassword userId={current.user.id} />;
}

export { ChangePasswordPage as Component };
