import type { TKycStatus } from '@meridian/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getClient } from '@/api/client';
import { queryKeys } from '@/lib/query-keys';
import { session } from '@/lib/session';

/**
 * When the server's KYC status differs from the signed-in user's copy (an admin decided since
 * sign-in), the user is read again, so the sidebar dot and the dashboard banner follow at once.
 */
export function useSessionKycSync(userId: string, status: TKycStatus | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const user = session.get()?.user;
    if (!status || !user || user.id !== userId || user.kycStatus === status) return;
    const controller = new AbortController();
    getClient(userId, controller.signal).then(
      (fresh) => {
        session.updateUser(fresh);
        queryClient.setQueryData(queryKeys.client(userId), fresh);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [userId, status, queryClient]);
}
