import { requestPasswordRecovery, requestUnlock } from '@meridian/contracts/endpoints/recovery';
import type { TUnlockKind, TUnlockRequestInput } from '@meridian/contracts/recovery';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

const ENDPOINTS = { unlock: requestUnlock, password: requestPasswordRecovery } as const;

/**
 * POST /api/unlock/request (locked account) or /api/unlock/forgot-password (forgotten password):
 * multipart email + photo. The answer is the same for any email, so it tells nothing about accounts.
 */
export function submitRecoveryRequest(kind: TUnlockKind, body: TUnlockRequestInput) {
  return call(ENDPOINTS[kind], { body }, { auth: false });
}

export function useSubmitRecoveryRequest(kind: TUnlockKind) {
  return useMutation({ mutationFn: (body: TUnlockRequestInput) => submitRecoveryRequest(kind, body) });
}
