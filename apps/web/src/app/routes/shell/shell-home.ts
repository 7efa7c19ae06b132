import { useSession } from '@/lib/session';

/** The overview of the area the signed-in user belongs to: /admin for admins, /user otherwise. */
export function useShellHome(): string {
  return useSession()?.role === 'Admin' ? '/admin' : '/user';
}
