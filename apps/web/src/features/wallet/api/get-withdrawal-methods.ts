import type { TWithdrawalMethod } from '@meridian/contracts/methods';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { walletKeys } from './keys';

/** GET /api/withdrawalmethod: the methods clients can be paid out with. */
export async function getWithdrawalMethods(signal?: AbortSignal): Promise<TWithdrawalMethod[]> {
  const answer = await api<{ withdrawalMethods: TWithdrawalMethod[] }>('/withdrawalmethod', { signal });
  return answer.withdrawalMethods;
}

export function useWithdrawalMethods() {
  return useQuery({ queryKey: walletKeys.withdrawalMethods(), queryFn: ({ signal }) => getWithdrawalMethods(signal) });
}
