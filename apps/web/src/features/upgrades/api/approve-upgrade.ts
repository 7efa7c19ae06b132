import { approveUpgrade as approveUpgradeEndpoint } from '@meridian/contracts/endpoints/upgrades';
import type { TUpgradeApproveInput } from '@meridian/contracts/investments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { invalidateUpgrades } from './invalidate-upgrades';

/** Approves a client's pending request, moving them to the chosen plan. */
export function approveUpgrade(body: TUpgradeApproveInput) {
  return call(approveUpgradeEndpoint, { body });
}

export function useApproveUpgrade(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newPlanId: string) => approveUpgrade({ userId, newPlanId }),
    onSettled: () => invalidateUpgrades(queryClient, userId),
  });
}
