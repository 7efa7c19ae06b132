import { getAllKyc, getPendingKyc } from '@meridian/contracts/endpoints/kyc';
import type { TKycReviewStatus } from '@meridian/contracts/kyc';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type TKycScope = 'pending' | 'all';

/** Page size of the KYC lists. */
const KYC_PAGE_LIMIT = 10;

/** GET /api/kyc/pending?page&limit=10 or /api/kyc/all?page&limit=10&status= (admin). */
export function getKycList(scope: TKycScope, page: number, status: TKycReviewStatus | undefined, signal?: AbortSignal) {
  return scope === 'pending'
    ? call(getPendingKyc, { query: { page, limit: KYC_PAGE_LIMIT } }, { signal })
    : call(getAllKyc, { query: { page, limit: KYC_PAGE_LIMIT, status } }, { signal });
}

export const getKycListQueryOptions = (scope: TKycScope, page: number, status?: TKycReviewStatus) =>
  queryOptions({
    queryKey: [...queryKeys.kyc(), 'list', scope, { page, status: status ?? 'all' }],
    queryFn: ({ signal }) => getKycList(scope, page, status, signal),
    placeholderData: keepPreviousData,
  });

export function useKycList(scope: TKycScope, page: number, status?: TKycReviewStatus) {
  return useQuery(getKycListQueryOptions(scope, page, status));
}
