import { adminTwoFactorReset, adminTwoFactorStatus } from '@meridian/contracts/endpoints/two-factor';
import type { TTwoFactorResetInput } from '@meridian/contracts/two-factor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { twoFactorKeys } from './two-factor-status';

/** GET /api/client/{userId}/two-factor: whether a client's two-factor sign-in is on (admins). */
export function useClientTwoFactor(userId: string) {
  return useQuery({
    queryKey: twoFactorKeys.client(userId),
    queryFn: () => call(adminTwoFactorStatus, { params: { userId } }),
  });
}

/** POST /api/client/{userId}/two-factor/reset with a reason; the audit log and the outbox gain an entry. */
export function useResetClientTwoFactor(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TTwoFactorResetInput) => call(adminTwoFactorReset, { params: { userId }, body }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: twoFactorKeys.client(userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.outbox() });
    },
  });
}
