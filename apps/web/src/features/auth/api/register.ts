import type { TRegisterInput } from '@meridian/contracts/auth';
import { register as registerEndpoint } from '@meridian/contracts/endpoints/auth';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** POST /api/client, sent as a multipart form; empty optional fields are left out. */
export function register(body: TRegisterInput) {
  return call(registerEndpoint, { body }, { auth: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
