import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/withdrawal-auth/generate-code/{userId}: emails a 6-digit code that expires in 10 minutes. */
export function generateWithdrawalCode(userId: string): Promise<{ message: string }> {
  return api(`/withdrawal-auth/generate-code/${encodeURIComponent(userId)}`, { method: 'POST' });
}

export function useGenerateWithdrawalCode(userId: string) {
  return useMutation({ mutationFn: () => generateWithdrawalCode(userId) });
}
