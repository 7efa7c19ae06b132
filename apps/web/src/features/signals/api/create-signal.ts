import { createSignal as createSignalEndpoint } from '@meridian/contracts/endpoints/signals';
import type { TSignalInput } from '@meridian/contracts/signals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/signal/create: the new signal, pending until its schedule time. */
export function createSignal(body: TSignalInput) {
  return call(createSignalEndpoint, { body });
}

/** A new signal shows in the admin's list and the clients' Trading Signals. */
export function useCreateSignal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSignal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.signals() }),
  });
}
