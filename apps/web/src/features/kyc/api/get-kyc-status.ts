import { KYC_STATUS_STALE_MS, KYC_WIDGET_STALE_MS, type TKycStatusAnswer } from '@meridian/contracts/kyc';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { kycKeys } from './keys';

/** GET /api/kyc/user/{userId}: the user's KYC state and latest submission. */
export function getKycStatus(userId: string, signal?: AbortSignal): Promise<TKycStatusAnswer> {
  return api<TKycStatusAnswer>(`/kyc/user/${encodeURIComponent(userId)}`, { signal });
}

/**
 * The KYC status: cached 30 s on the status page, 60 s for the dashboard widget (spec 01 §9).
 */
export function useKycStatus(userId: string, use: 'page' | 'widget' = 'page') {
  return useQuery({
    queryKey: kycKeys.status(userId),
    queryFn: ({ signal }) => getKycStatus(userId, signal),
    enabled: userId !== '',
    staleTime: use === 'page' ? KYC_STATUS_STALE_MS : KYC_WIDGET_STALE_MS,
  });
}
