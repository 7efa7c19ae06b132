import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/withdrawal-auth/verify-code/{userId} {code}: unlocks the next withdrawal. */
export function verifyWithdrawalCode(userId: string, code: string): Promise<{ message: string }> {
  return api(`/withdrawal-auth/verify-code/${encodeURIComponent(userId)}`, { json: { code } });
}

export function useVerifyWithdrawalCode(userId: string) {
  return useMutation({ mutationFn: (code: string) => verifyWithdrawalCode(userId, code) });
}
