import { zodResolver } from '@hookform/resolvers/zod';
import type { TAuthResponse, TLoginInput } from '@meridian/contracts/auth';
import { ZLoginInput } from '@meridian/contracts/auth';
import { LOGIN_REDIRECT_DELAY_MS } from '@meridian/contracts/constants';
import { isSecondFactorChallenge } from '@meridian/contracts/two-factor';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { type SubmitHandler, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { PasswordField } from '@/components/ui/password-field';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { ApiError } from '@/lib/api-client';
import { startSession, useLogin } from '../api/login';
import { useLoginLock } from '../hooks/use-login-lock';
import { LockNotice, type TUnlockSlot } from './lock-notice';
import { SecondFactorStep } from './second-factor-step';

/** `scroll-mt` keeps the field focused after a failed submit clear of the sticky header. */
const FORM_CLASS = 'space-y-4 [&_input]:scroll-mt-24 [&_select]:scroll-mt-24';

/** Where a signed-in user goes, and whether this form keeps their session. */
export interface TLoginOutcome {
  to: string;
  keepSession: boolean;
}

export interface CredentialsFormProps {
  /** Decides, from who signed in, where they go. */
  outcome: (auth: TAuthResponse) => TLoginOutcome;
  submitLabel: string;
  /** The email to start from: the one just signed up with. */
  email?: string | undefined;
  /** Called just before the redirect (a modal closes itself here). */
  onRedirect?: (() => void) | undefined;
  /** Shown under the submit button (links to sign-up, …). */
  footer?: ReactNode;
  /** A locked client may ask for an unlock from the lock notice: the dialog app/ puts in its slot. */
  unlock?: TUnlockSlot | undefined;
}

type TLoginValues = z.output<typeof ZLoginInput>;
const FIELDS = ['email', 'password'] as const;

/**
 * Email, password and "remember me", shared by the client and the admin sign-in. On success it says
 * so and redirects after 2 s; failures show the server's words, the attempts left and the lock.
 */
export function CredentialsForm({
  outcome,
  submitLabel,
  email: signedUpEmail,
  onRedirect,
  footer,
  unlock,
}: CredentialsFormProps) {
  const { t, i18n } = useTranslation('auth');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const navigate = useNavigate();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  /** The password was right and two-factor sign-in is on: the code step, for this email. */
  const [challenge, setChallenge] = useState<{ token: string; email: string; remember: boolean } | null>(null);

  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<TLoginInput, unknown, TLoginValues>({
    resolver: zodResolver(ZLoginInput),
    mode: 'onChange',
    defaultValues: { email: signedUpEmail ?? '', password: '', remember: false },
  });
  const email = useWatch({ control, name: 'email' });
  const lock = useLoginLock(email);
  const placeFieldErrors = useServerFieldErrors(setError, FIELDS);

  useAfterDelay(redirectTo !== null, LOGIN_REDIRECT_DELAY_MS, () => {
    onRedirect?.();
    if (redirectTo) navigate(redirectTo, { replace: true });
  });

  const signedIn = (auth: TAuthResponse, remember: boolean) => {
    const next = outcome(auth);
    if (next.keepSession) startSession(auth, remember);
    setRedirectTo(next.to);
  };

  const onSubmit: SubmitHandler<TLoginValues> = async (values) => {
    setFailure(null);
    try {
      const answer = await login.mutateAsync(values);
      lock.reset();
      if (isSecondFactorChallenge(answer)) {
        setChallenge({ token: answer.challenge, email: values.email, remember: values.remember ?? false });
        return;
      }
      signedIn(answer, values.remember ?? false);
    } catch (err) {
      if (err instanceof ApiError && lock.record(err, values.email)) return;
      if (placeFieldErrors(err)) return;
      setFailure(errorText(err, t('errors:generic')));
    }
  };

  const locked = lock.lockedUntil !== null;
  const timeFormat = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  if (challenge && !redirectTo) {
    return (
      <SecondFactorStep
        challenge={challenge.token}
        onSuccess={(auth) => {
          lock.reset();
          setChallenge(null);
          signedIn(auth, challenge.remember);
        }}
        onFailure={(err) => {
          // A lock, or a challenge gone stale: back to the password form, which says why.
          const locked = lock.record(err, challenge.email);
          if (!locked && err.code !== 'UNAUTHORIZED') return false;
          if (!locked) setFailure(errorText(err));
          setChallenge(null);
          return true;
        }}
        onCancel={() => setChallenge(null)}
      />
    );
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className={FORM_CLASS}>
      {redirectTo ? <Alert tone="success">{t('loginSuccess')}</Alert> : null}
      {failure && !redirectTo ? <Alert tone="danger">{failure}</Alert> : null}
      {lock.lockedUntil ? (
        <LockNotice until={timeFormat.format(lock.lockedUntil)} email={email} unlock={unlock} />
      ) : lock.attemptsRemaining !== null && !redirectTo ? (
        <Alert tone="warning">{t('attemptsRemaining', { count: lock.attemptsRemaining })}</Alert>
      ) : null}

      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="username"
        inputMode="email"
        placeholder={t('placeholders.email')}
        error={text(errors.email?.message)}
        data-autofocus
        {...register('email')}
      />
      <PasswordField
        label={t('fields.password')}
        autoComplete="current-password"
        error={text(errors.password?.message)}
        {...register('password')}
      />
      <label className="flex w-fit cursor-pointer items-center gap-2 text-sm text-fg">
        <input type="checkbox" className="h-4 w-4 rounded accent-primary" {...register('remember')} />
        {t('fields.remember')}
      </label>

      <Button
        type="submit"
        className="w-full"
        loading={login.isPending}
        disabled={locked || redirectTo !== null}
        data-testid="login-submit"
      >
        {submitLabel}
      </Button>
      {footer}
    </form>
  );
}
