import type { TCreateClientInput } from '@meridian/contracts/clients';
import { createClient as createClientEndpoint } from '@meridian/contracts/endpoints/clients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/admin/client → 201 `{ message, user }`; 409 'User already exists'. */
export function createClient(body: TCreateClientInput) {
  return call(createClientEndpoint, { body });
}

/** Add client: the client list, the Total Clients card and the audit log change. */
export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.clients() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit() });
    },
  });
}
