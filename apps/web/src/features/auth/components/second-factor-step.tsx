import type { TAuthResponse } from '@meridian/contracts/auth';
import { ZSecondFactorCode } from '@meridian/contracts/two-factor';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from '@/components/code-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { ApiError } from '@/lib/api-client';
import { useSecondFactorSignIn } from '../api/second-factor';

export interface SecondFactorStepProps {
  /** The challenge the password step answered. */
  challenge: string;
  onSuccess: (auth: TAuthResponse) => void;
  /** A refusal the sign-in form handles itself (the lock, an expired challenge): back to the password. */
  onFailure: (err: ApiError) => boolean;
  onCancel: () => void;
}

/**
 * The second step of a sign-in with two-factor sign-in on: the 6-digit code of the authenticator app,
 * or a recovery code (docs/security.md, "Two-factor sign-in").
 */
export function SecondFactorStep({ challenge, onSuccess, onFailure, onCancel }: SecondFactorStepProps) {
  const { t } = useTranslation(['two-factor', 'auth']);
  const text = useMessageText();
  const errorText = useApiErrorText();
  const signIn = useSecondFactorSignIn();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [attemptsRemaining, setAttemptsRemaining] = useState<number | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(undefined);
    setFailure(null);
    const parsed = ZSecondFactorCode.safeParse(code);
    if (!parsed.success) {
      setFieldError(text(parsed.error.issues[0]?.message));
      return;
    }
    try {
      onSuccess(await signIn.mutateAsync({ challenge, code: parsed.data }));
    } catch (err) {
      if (err instanceof ApiError && onFailure(err)) return;
      if (err instanceof ApiError && typeof err.body.attemptsRemaining === 'number') {
        setAttemptsRemaining(err.body.attemptsRemaining);
        setFieldError(errorText(err));
        return;
      }
      setFailure(errorText(err, t('errors:generic')));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="second-factor-step">
      <div className="space-y-1">
        <h2 className="font-semibold text-fg">{t('login.title')}</h2>
        <p className="text-sm text-muted">{recovery ? t('login.recoveryText') : t('login.text')}</p>
      </div>
      {failure ? <Alert tone="danger">{failure}</Alert> : null}
      {attemptsRemaining !== null ? (
        <Alert tone="warning">{t('auth:attemptsRemaining', { count: attemptsRemaining })}</Alert>
      ) : null}
      <CodeField
        key={recovery ? 'recovery' : 'totp'}
        recovery={recovery}
        name="code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={fieldError}
        autoFocus
        data-testid="second-factor-code"
      />
      <Button type="submit" className="w-full" loading={signIn.isPending} data-testid="second-factor-submit">
        {t('login.submit')}
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button
          variant="ghost"
          size="sm"
          type="button"
          onClick={() => {
            setRecovery((r) => !r);
            setCode('');
            setFieldError(undefined);
          }}
        >
          {recovery ? t('login.useApp') : t('login.useRecovery')}
        </Button>
        <Button variant="ghost" size="sm" type="button" onClick={onCancel}>
          {t('login.back')}
        </Button>
      </div>
    </form>
  );
}
