import { createStaff as createStaffEndpoint } from '@meridian/contracts/endpoints/staff';
import type { TCreateStaffInput } from '@meridian/contracts/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /api/staff → 201 `{ message, member }`; 400 on `code` when the authenticator code is wrong,
 * 409 when the email is taken, 423 when wrong codes locked the asking Admin's account.
 */
export function createStaff(body: TCreateStaffInput) {
  return call(createStaffEndpoint, { body });
}

/** Add staff member: the staff list and the audit log change. */
export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaff,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.staff() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit() });
    },
  });
}
