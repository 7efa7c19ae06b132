import type { TUser } from '@meridian/contracts/auth';
import { session } from '@/lib/session';

/** After a change to the signed-in user's own record, the header and sidebar show it at once. */
export function syncSessionUser(user: TUser): void {
  if (session.get()?.user.id === user.id) session.updateUser(user);
}
