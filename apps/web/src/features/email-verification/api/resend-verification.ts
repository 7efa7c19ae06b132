import type { TLanguage } from '@meridian/contracts/constants';
import { resendVerificationEmail } from '@meridian/contracts/endpoints/email-verification';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '@/lib/api-client';

/** POST /api/email-verification/resend/:userId: a new link to the client's address (at most one a minute). */
export function resendVerification(userId: string, lang: TLanguage | undefined) {
  return call(resendVerificationEmail, { params: { userId }, body: lang ? { lang } : {} });
}

/** A new link, written in the language the client reads the app in. */
export function useResendVerification(userId: string) {
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: () => resendVerification(userId, i18n.resolvedLanguage as TLanguage | undefined),
  });
}
