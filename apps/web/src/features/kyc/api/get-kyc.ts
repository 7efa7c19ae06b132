import type { TKyc } from '@meridian/contracts/kyc';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { kycKeys } from './keys';

/** GET /api/kyc/{kycId}: one submission (its owner or an admin). */
export function getKyc(kycId: string, signal?: AbortSignal): Promise<TKyc> {
  return api<TKyc>(`/kyc/${encodeURIComponent(kycId)}`, { signal });
}

/** One submission, shown from the list row at once and refreshed from the server. */
export function useKyc(kycId: string, initial?: TKyc) {
  return useQuery({
    queryKey: kycKeys.detail(kycId),
    queryFn: ({ signal }) => getKyc(kycId, signal),
    ...(initial ? { initialData: initial, initialDataUpdatedAt: 0 } : {}),
  });
}
