import type { TAuthResponse } from '@meridian/contracts/auth';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CredentialsForm, type TLoginOutcome } from './credentials-form';
import type { TUnlockSlot } from './lock-notice';
import { PasskeySignInButton } from './passkey-sign-in-button';

export interface LoginFormProps {
  /** The page the visitor was sent away from (the guard remembers it); a Client returns there. */
  from?: string | undefined;
  onRedirect?: (() => void) | undefined;
  footer?: ReactNode;
  /** The unlock request dialog a locked client may open (app/ passes the recovery feature's). */
  unlock?: TUnlockSlot | undefined;
  /** The email just signed up with, to sign in with. */
  email?: string | undefined;
}

/** Client sign-in, on its page and in the header's modal. */
export function LoginForm({ from, onRedirect, footer, unlock, email }: LoginFormProps) {
  // `recovery` for the Forgot password link: named here, so it is loaded before this renders.
  const { t } = useTranslation(['auth', 'recovery']);
  // The session is stored whoever signs in; only a Client enters the client area.
  const outcome = (auth: TAuthResponse): TLoginOutcome => ({
    to: auth.roles === 'Client' ? (from ?? '/user') : '/unauthorized',
    keepSession: true,
  });
  return (
    <CredentialsForm
      outcome={outcome}
      submitLabel={t('login.submit')}
      email={email}
      onRedirect={onRedirect}
      unlock={unlock}
      footer={
        <>
          <PasskeySignInButton outcome={outcome} onRedirect={onRedirect} />
          <p className="text-center text-sm">
            <Link to="/forgotpassword" onClick={onRedirect} className="font-medium text-primary hover:underline">
              {t('recovery:forgotLink')}
            </Link>
          </p>
          {footer}
        </>
      }
    />
  );
}
