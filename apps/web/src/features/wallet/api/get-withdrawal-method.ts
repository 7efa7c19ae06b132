import type { TWithdrawalMethod } from '@meridian/contracts/methods';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { walletKeys } from './keys';

/** GET /api/withdrawalmethod/{id}: one withdrawal method. */
export function getWithdrawalMethod(id: string, signal?: AbortSignal): Promise<TWithdrawalMethod> {
  return api<TWithdrawalMethod>(`/withdrawalmethod/${encodeURIComponent(id)}`, { signal });
}

export function useWithdrawalMethod(id: string) {
  return useQuery({
    queryKey: walletKeys.withdrawalMethod(id),
    queryFn: ({ signal }) => getWithdrawalMethod(id, signal),
  });
}
