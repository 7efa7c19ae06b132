import type { TRegisterInput, TRegisterResponse } from '@meridian/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/client, sent as multipart form (spec 01 §7); empty optional fields are left out. */
export function register(input: TRegisterInput): Promise<TRegisterResponse> {
  return api<TRegisterResponse>('/client', { form: { ...input }, auth: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
