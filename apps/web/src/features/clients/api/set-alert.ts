import type { TAlertKind } from '@meridian/contracts/client-actions';
import { ALERT_ENDPOINTS } from '@meridian/contracts/endpoints/client-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface TSetAlert {
  kind: TAlertKind;
  on: boolean;
  /** The banner's text when turning on; empty for the banner's default words. */
  message?: string;
}

/**
 * POST /api/client/{onmain|onsec|onplan}/{id} with `{ message }`, or /api/client/{offmain|offsec|offplan}/{id}.
 * The message is always sent when turning on, empty when the admin wrote none.
 */
export function setAlert(userId: string, { kind, on, message = '' }: TSetAlert) {
  const params = { id: userId };
  return on
    ? call(ALERT_ENDPOINTS[kind].on, { params, body: { message } })
    : call(ALERT_ENDPOINTS[kind].off, { params });
}

/** The client's record (the alert's state and text) and the audit log change. */
export function useSetAlert(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSetAlert) => setAlert(userId, input),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.client(userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit() });
    },
  });
}
