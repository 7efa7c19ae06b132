import { setPositionProtection as setPositionProtectionEndpoint } from '@meridian/contracts/endpoints/positions';
import type { TPositionProtectionInput } from '@meridian/contracts/positions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * PUT /api/position/:id/protection: sets, changes or removes (null) the take-profit and stop-loss of
 * one's own open position, checked by the server against the current price.
 */
export function setPositionProtection(id: string, body: TPositionProtectionInput) {
  return call(setPositionProtectionEndpoint, { params: { id }, body });
}

export interface TSetProtection {
  id: string;
  levels: TPositionProtectionInput;
}

/**
 * Only the position's levels change (no money moves): its page takes the answer as it is, and the
 * lists that show it are asked again.
 */
export function useSetPositionProtection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, levels }: TSetProtection) => setPositionProtection(id, levels),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.position(answer.position.id), answer.position);
      return queryClient.invalidateQueries({ queryKey: queryKeys.positions() });
    },
  });
}
