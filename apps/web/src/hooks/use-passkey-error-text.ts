import { WebAuthnError } from '@simplewebauthn/browser';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { ApiError } from '@/lib/api-client';

/**
 * Words for a failed passkey step: the server's refusal in its own words, or what the browser said
 * (the person closed the prompt or it timed out, the authenticator already holds a passkey of this
 * account, anything else).
 */
export function usePasskeyErrorText(): (error: unknown) => string {
  const { t } = useTranslation('passkeys');
  const errorText = useApiErrorText();
  return useCallback(
    (error) => {
      if (error instanceof ApiError) return errorText(error);
      if (error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
        return t('browser.alreadyRegistered');
      }
      if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) {
        return t('browser.cancelled');
      }
      return t('browser.failed');
    },
    [t, errorText],
  );
}
