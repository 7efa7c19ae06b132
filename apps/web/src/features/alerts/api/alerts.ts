import type { TPriceAlertInput } from '@meridian/contracts/alerts';
import { createPriceAlert, deletePriceAlert, getPriceAlerts } from '@meridian/contracts/endpoints/alerts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/alerts: the client's price alerts, active first, then newest. */
export function usePriceAlerts() {
  return useQuery({
    queryKey: queryKeys.alerts(),
    queryFn: ({ signal }) => call(getPriceAlerts, {}, { signal }),
  });
}

/** POST /api/alerts: a new alert, checked by the server against its own price. */
export function useCreatePriceAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPriceAlertInput) => call(createPriceAlert, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.alerts() }),
  });
}

/** DELETE /api/alerts/:id. */
export function useDeletePriceAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(deletePriceAlert, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.alerts() }),
  });
}
