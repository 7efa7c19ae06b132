import { generateWithdrawalCode as generateWithdrawalCodeEndpoint } from '@meridian/contracts/endpoints/withdrawals';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** Emails the client a 6-digit code that expires in 10 minutes (one a minute). */
export function generateWithdrawalCode(userId: string) {
  return call(generateWithdrawalCodeEndpoint, { params: { userId } });
}

export function useGenerateWithdrawalCode(userId: string) {
  return useMutation({ mutationFn: () => generateWithdrawalCode(userId) });
}
