import { ALERT_PATHS, type TAlertKind, type TAlertOnInput } from '@meridian/contracts/client-actions';
import type { TMessage } from '@meridian/contracts/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { api } from '@/lib/api-client';

export interface TSetAlert {
  kind: TAlertKind;
  on: boolean;
  /** The banner's text when turning on; empty for the banner's default words. */
  message?: string;
}

/**
 * POST /api/client/{onmain|onsec|onplan}/{id} with `{ message }`, or /api/client/{offmain|offsec|offplan}/{id}.
 * Sent as JSON: the message is always there, empty when the admin wrote none.
 */
export function setAlert(userId: string, { kind, on, message = '' }: TSetAlert): Promise<TMessage> {
  const path = `/client/${ALERT_PATHS[kind][on ? 'on' : 'off']}/${encodeURIComponent(userId)}`;
  const json: TAlertOnInput = { message };
  return api<TMessage>(path, on ? { method: 'POST', json } : { method: 'POST' });
}

/** The client's record (the alert's state and text) and the audit log change. */
export function useSetAlert(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSetAlert) => setAlert(userId, input),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.clientProfile(userId) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}
