import type { TCreateClientInput, TCreateClientResponse } from '@meridian/contracts/clients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { api } from '@/lib/api-client';
import { clientListKey } from './get-clients';
import { statsKey } from './get-stats';

/** POST /api/admin/client → 201 `{ message, user }`; 409 'User already exists'. */
export function createClient(values: TCreateClientInput): Promise<TCreateClientResponse> {
  return api<TCreateClientResponse>('/admin/client', { method: 'POST', json: values });
}

/** Add client: the client list, the Total Clients card and the audit log change. */
export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: clientListKey() });
      void queryClient.invalidateQueries({ queryKey: statsKey() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}
