import { rejectUpgrade as rejectUpgradeEndpoint } from '@meridian/contracts/endpoints/upgrades';
import type { TUpgradeRejectInput } from '@meridian/contracts/investments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { invalidateUpgrades } from './invalidate-upgrades';

/** Rejects a client's pending request with a reason the client reads. */
export function rejectUpgrade(body: TUpgradeRejectInput) {
  return call(rejectUpgradeEndpoint, { body });
}

export function useRejectUpgrade(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => rejectUpgrade({ userId, reason }),
    onSettled: () => invalidateUpgrades(queryClient, userId),
  });
}
