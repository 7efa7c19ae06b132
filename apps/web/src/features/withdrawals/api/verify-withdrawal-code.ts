import { verifyWithdrawalCode as verifyWithdrawalCodeEndpoint } from '@meridian/contracts/endpoints/withdrawals';
import type { TVerifyCodeInput } from '@meridian/contracts/transactions';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** Verifies the emailed code: it then allows one withdrawal within 10 minutes. */
export function verifyWithdrawalCode(userId: string, body: TVerifyCodeInput) {
  return call(verifyWithdrawalCodeEndpoint, { params: { userId }, body });
}

export function useVerifyWithdrawalCode(userId: string) {
  return useMutation({ mutationFn: (body: TVerifyCodeInput) => verifyWithdrawalCode(userId, body) });
}
