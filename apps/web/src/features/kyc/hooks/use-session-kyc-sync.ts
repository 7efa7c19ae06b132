import type { TUser } from '@meridian/contracts/auth';
import type { TKycStatus } from '@meridian/contracts/constants';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import { session } from '@/lib/session';

/**
 * When the server's KYC status differs from the signed-in user's copy (an admin decided since
 * sign-in), the user is read again, so the sidebar dot and the dashboard banner follow at once.
 */
export function useSessionKycSync(userId: string, status: TKycStatus | undefined): void {
  useEffect(() => {
    const user = session.get()?.user;
    if (!status || !user || user.id !== userId || user.kycStatus === status) return;
    const controller = new AbortController();
    api<TUser>(`/client/${encodeURIComponent(userId)}`, { signal: controller.signal }).then(
      (fresh) => session.updateUser(fresh),
      () => undefined,
    );
    return () => controller.abort();
  }, [userId, status]);
}
