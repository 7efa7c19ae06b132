import type { TAuthResponse } from '@meridian/contracts/auth';
import { useTranslation } from 'react-i18next';
import { CredentialsForm, type TLoginOutcome } from './credentials-form';
import { PasskeySignInButton } from './passkey-sign-in-button';

/**
 * Back-office sign-in: only an Admin is kept signed in and sent on, to the page they
 * came from or /admin; anyone else, an Agent included, goes to /unauthorized without a session.
 */
export function AdminLoginForm({ from }: { from?: string | undefined }) {
  const { t } = useTranslation('auth');
  const outcome = (auth: TAuthResponse): TLoginOutcome =>
    auth.roles === 'Admin' ? { to: from ?? '/admin', keepSession: true } : { to: '/unauthorized', keepSession: false };
  return (
    <CredentialsForm
      outcome={outcome}
      submitLabel={t('adminLogin.submit')}
      footer={<PasskeySignInButton outcome={outcome} />}
    />
  );
}
