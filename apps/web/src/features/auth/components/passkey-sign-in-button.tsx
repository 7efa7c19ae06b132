import type { TAuthResponse } from '@meridian/contracts/auth';
import { LOGIN_REDIRECT_DELAY_MS } from '@meridian/contracts/constants';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { usePasskeyErrorText } from '@/hooks/use-passkey-error-text';
import { startSession } from '../api/login';
import { useSignInWithPasskey } from '../api/sign-in-with-passkey';

export interface PasskeySignInButtonProps {
  /** Where the signed-in user goes and whether the page keeps their session (as the password form decides). */
  outcome: (auth: TAuthResponse) => { to: string; keepSession: boolean };
  /** Called just before the redirect (a modal closes itself here). */
  onRedirect?: (() => void) | undefined;
}

/**
 * "Sign in with a passkey" under a sign-in form: the browser lists this site's passkeys, and a
 * verified one signs in instead of the password and the second factor, with the password form's
 * success message and redirect. A browser without WebAuthn shows the button disabled, saying why.
 */
export function PasskeySignInButton({ outcome, onRedirect }: PasskeySignInButtonProps) {
  const { t } = useTranslation(['passkeys', 'auth']);
  const navigate = useNavigate();
  const errorText = usePasskeyErrorText();
  const signIn = useSignInWithPasskey();
  const [supported] = useState(() => browserSupportsWebAuthn());
  const [failure, setFailure] = useState<string | null>(null);
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  const unsupportedId = useId();

  useAfterDelay(redirectTo !== null, LOGIN_REDIRECT_DELAY_MS, () => {
    onRedirect?.();
    if (redirectTo) navigate(redirectTo, { replace: true });
  });

  const start = () => {
    setFailure(null);
    signIn.mutate(false, {
      onSuccess: (auth) => {
        const next = outcome(auth);
        if (next.keepSession) startSession(auth, false);
        setRedirectTo(next.to);
      },
      onError: (err) => setFailure(errorText(err)),
    });
  };

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        {t('signIn.or')}
        <span className="h-px flex-1 bg-border" />
      </div>
      {redirectTo ? <Alert tone="success">{t('auth:loginSuccess')}</Alert> : null}
      {failure && !redirectTo ? <Alert tone="danger">{failure}</Alert> : null}
      <Button
        type="button"
        variant="outline"
        className="w-full"
        onClick={start}
        loading={signIn.isPending}
        disabled={!supported || redirectTo !== null}
        aria-describedby={supported ? undefined : unsupportedId}
        data-testid="passkey-sign-in"
      >
        <KeyRound className="h-4 w-4" aria-hidden="true" />
        {t('signIn.button')}
      </Button>
      {!supported && (
        <p id={unsupportedId} className="text-center text-xs text-muted">
          {t('signIn.unsupported')}
        </p>
      )}
    </div>
  );
}
