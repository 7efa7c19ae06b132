import { getKycStatus as getKycStatusEndpoint } from '@meridian/contracts/endpoints/kyc';
import { KYC_STATUS_STALE_MS, KYC_WIDGET_STALE_MS } from '@meridian/contracts/kyc';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/kyc/user/{userId}: the user's KYC state and latest submission. */
export function getKycStatus(userId: string, signal?: AbortSignal) {
  return call(getKycStatusEndpoint, { params: { userId } }, { signal });
}

export const kycStatusQueryKey = (userId: string) => [...queryKeys.kyc(), 'status', userId] as const;

export const getKycStatusQueryOptions = (userId: string) =>
  queryOptions({ queryKey: kycStatusQueryKey(userId), queryFn: ({ signal }) => getKycStatus(userId, signal) });

/** The KYC status: cached 30 s on the status page, 60 s for the dashboard widget. */
export function useKycStatus(userId: string, use: 'page' | 'widget' = 'page') {
  return useQuery({
    ...getKycStatusQueryOptions(userId),
    enabled: userId !== '',
    staleTime: use === 'page' ? KYC_STATUS_STALE_MS : KYC_WIDGET_STALE_MS,
  });
}
