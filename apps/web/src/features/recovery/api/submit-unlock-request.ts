import type { TUnlockKind } from '@meridian/contracts/recovery';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface TRecoveryRequestValues {
  email: string;
  verificationImage: File;
}

const PATHS: Record<TUnlockKind, string> = {
  unlock: '/unlock/request',
  password: '/unlock/forgot-password',
};

/**
 * POST /api/unlock/request (locked account) or /api/unlock/forgot-password (forgotten password):
 * multipart email + photo. The answer is the same for any email, so it tells nothing about accounts.
 */
export function submitRecoveryRequest(kind: TUnlockKind, values: TRecoveryRequestValues) {
  return api<{ message: string }>(PATHS[kind], {
    method: 'POST',
    form: { email: values.email, verificationImage: values.verificationImage },
    auth: false,
  });
}

export function useSubmitRecoveryRequest(kind: TUnlockKind) {
  return useMutation({ mutationFn: (values: TRecoveryRequestValues) => submitRecoveryRequest(kind, values) });
}
