import { setStaffRole as setStaffRoleEndpoint } from '@meridian/contracts/endpoints/staff';
import type { TStaffRoleInput } from '@meridian/contracts/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * PUT /api/staff/role/:userId → `{ message, member }`; 400 on `code` when the authenticator code is
 * wrong, 409 for one's own role or a user who is not staff, 423 when wrong codes locked the account.
 */
export function setStaffRole(userId: string, body: TStaffRoleInput) {
  return call(setStaffRoleEndpoint, { params: { userId }, body });
}

/** Change role: the staff list and the audit log change. */
export function useSetStaffRole(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TStaffRoleInput) => setStaffRole(userId, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.staff() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit() });
    },
  });
}
