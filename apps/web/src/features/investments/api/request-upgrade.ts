import { requestUpgrade as requestUpgradeEndpoint } from '@meridian/contracts/endpoints/upgrades';
import type { TUpgradeRequestInput } from '@meridian/contracts/investments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/investment/upgrade: asks an admin to move the client to another plan (the plan stays until then). */
export function requestUpgrade(body: TUpgradeRequestInput) {
  return call(requestUpgradeEndpoint, { body });
}

/** A new request is pending: the plans page and the dashboard banner show it. */
export function useRequestUpgrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestUpgrade,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.upgradeRequests() }),
  });
}
