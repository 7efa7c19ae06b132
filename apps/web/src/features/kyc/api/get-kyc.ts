import { getKyc as getKycEndpoint } from '@meridian/contracts/endpoints/kyc';
import type { TKyc } from '@meridian/contracts/kyc';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/kyc/{kycId}: one submission (its owner or an admin). */
export function getKyc(kycId: string, signal?: AbortSignal) {
  return call(getKycEndpoint, { params: { kycId } }, { signal });
}

/** One submission, shown from the list row at once and refreshed from the server. */
export function useKyc(kycId: string, initial?: TKyc) {
  return useQuery({
    queryKey: [...queryKeys.kyc(), 'record', kycId],
    queryFn: ({ signal }) => getKyc(kycId, signal),
    ...(initial ? { initialData: initial, initialDataUpdatedAt: 0 } : {}),
  });
}
