import type { TDepositMethod } from '@meridian/contracts/methods';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { walletKeys } from './keys';

/** GET /api/depositmethod: the methods clients can pay in with. Public: sent without a token (spec 01 §7). */
export async function getDepositMethods(signal?: AbortSignal): Promise<TDepositMethod[]> {
  const answer = await api<{ depositMethods: TDepositMethod[] }>('/depositmethod', { auth: false, signal });
  return answer.depositMethods;
}

export function useDepositMethods() {
  return useQuery({ queryKey: walletKeys.depositMethods(), queryFn: ({ signal }) => getDepositMethods(signal) });
}
