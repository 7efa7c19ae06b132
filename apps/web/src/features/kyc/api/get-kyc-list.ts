import type { TKycList, TKycReviewStatus } from '@meridian/contracts/kyc';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { kycKeys } from './keys';

export type TKycScope = 'pending' | 'all';

/** GET /api/kyc/pending?page&limit=10 or /api/kyc/all?page&limit=10&status= (admin). */
export function getKycList(
  scope: TKycScope,
  page: number,
  status: TKycReviewStatus | undefined,
  signal?: AbortSignal,
): Promise<TKycList> {
  const query = new URLSearchParams({ page: String(page), limit: '10' });
  if (scope === 'all' && status) query.set('status', status);
  return api<TKycList>(`/kyc/${scope}?${query.toString()}`, { signal });
}

export function useKycList(scope: TKycScope, page: number, status?: TKycReviewStatus) {
  return useQuery({
    queryKey: kycKeys.list(scope, page, status ?? 'all'),
    queryFn: ({ signal }) => getKycList(scope, page, status, signal),
    placeholderData: keepPreviousData,
  });
}
