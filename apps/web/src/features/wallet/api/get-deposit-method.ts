import type { TDepositMethod } from '@meridian/contracts/methods';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { walletKeys } from './keys';

/** GET /api/depositmethod/{id}: one method with its wallet address. Sent without a token (spec 01 §7). */
export function getDepositMethod(id: string, signal?: AbortSignal): Promise<TDepositMethod> {
  return api<TDepositMethod>(`/depositmethod/${encodeURIComponent(id)}`, { auth: false, signal });
}

export function useDepositMethod(id: string) {
  return useQuery({ queryKey: walletKeys.depositMethod(id), queryFn: ({ signal }) => getDepositMethod(id, signal) });
}
