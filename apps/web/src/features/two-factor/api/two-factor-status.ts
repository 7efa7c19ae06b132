import { twoFactorStatus } from '@meridian/contracts/endpoints/two-factor';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const twoFactorKeys = {
  all: () => ['two-factor'] as const,
  status: () => ['two-factor', 'status'] as const,
  client: (userId: string) => ['two-factor', 'client', userId] as const,
};

/** GET /api/user/two-factor: on or off, recovery codes left, whether this session passed it. */
export const twoFactorStatusQuery = () =>
  queryOptions({ queryKey: twoFactorKeys.status(), queryFn: () => call(twoFactorStatus, {}) });

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQuery());
}
