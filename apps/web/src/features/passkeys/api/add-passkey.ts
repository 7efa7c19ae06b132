import { passkeyRegistrationOptions, registerPasskey } from '@meridian/contracts/endpoints/passkeys';
import { startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * Adds a passkey: the server's options (a challenge for this user), the browser's and the
 * authenticator's prompt, then the new credential back to the server to be verified and saved under
 * `name` (the server calls it "Passkey N" without one).
 */
export async function addPasskey(name: string | undefined) {
  const { options } = await call(passkeyRegistrationOptions);
  const response = await startRegistration({ optionsJSON: options });
  return call(registerPasskey, { body: { response, ...(name ? { name } : {}) } });
}

export function useAddPasskey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.passkeys(userId) });
    },
  });
}
