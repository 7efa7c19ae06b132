import { deleteSupportMessage as deleteSupportMessageEndpoint } from '@meridian/contracts/endpoints/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/messagereq/{id} (admin; audited). */
export function deleteSupportMessage(id: string) {
  return call(deleteSupportMessageEndpoint, { params: { id } });
}

/** The list and the audit log change. */
export function useDeleteSupportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSupportMessage,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.supportMessages() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit() });
    },
  });
}
