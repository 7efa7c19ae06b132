import { zodResolver } from '@hookform/resolvers/zod';
import { LOGIN_REDIRECT_DELAY_MS } from '@meridian/contracts/constants';
import { TEMP_CODE_LENGTH, type TTempLoginInput, ZTempLoginInput } from '@meridian/contracts/recovery';
import { isSecondFactorChallenge } from '@meridian/contracts/two-factor';
import { type FormEvent, useState } from 'react';
import { type SubmitHandler, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { useTempLogin, useTempLoginSecondFactor } from '../api/temp-login';
import { EmailField } from './email-field';

type TTempLoginValues = z.output<typeof ZTempLoginInput>;
const FIELDS = ['email', 'tempCode'] as const;

export interface TempCodeFormProps {
  defaultEmail?: string;
  /** What the success says: an unlock, or a sign-in after a forgotten password. */
  successText: string;
  /** Called just before the redirect to /user (a dialog closes itself here). */
  onSignedIn?: () => void;
}

/**
 * Step 2: the emailed 6-character code and the email. The code signs the person in; after the
 * success message they go to /user. A refused code is said beside the code field.
 */
export function TempCodeForm({ defaultEmail = '', successText, onSignedIn }: TempCodeFormProps) {
  const { t } = useTranslation(['recovery', 'two-factor']);
  const text = useMessageText();
  const errorText = useApiErrorText();
  const navigate = useNavigate();
  const login = useTempLogin();
  const secondFactor = useTempLoginSecondFactor();
  const [failure, setFailure] = useState<string | null>(null);
  // Two-factor sign-in on: the code replaced the password only, the second factor is still asked for.
  const challenge = login.data && isSecondFactorChallenge(login.data) ? login.data.challenge : null;
  const [code, setCode] = useState('');
  const signedIn = (login.isSuccess && !challenge) || secondFactor.isSuccess;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TTempLoginInput, unknown, TTempLoginValues>({
    resolver: zodResolver(ZTempLoginInput),
    mode: 'onChange',
    defaultValues: { email: defaultEmail, tempCode: '' },
  });
  const placeFieldErrors = useServerFieldErrors(setError, FIELDS);

  useAfterDelay(signedIn, LOGIN_REDIRECT_DELAY_MS, () => {
    onSignedIn?.();
    navigate('/user', { replace: true });
  });

  const onSubmit: SubmitHandler<TTempLoginValues> = async (values) => {
    if (login.isSuccess) return;
    setFailure(null);
    try {
      await login.mutateAsync(values);
    } catch (err) {
      if (!placeFieldErrors(err)) setFailure(errorText(err, t('codeInvalid')));
    }
  };

  if (challenge) {
    const submitCode = async (event: FormEvent) => {
      event.preventDefault();
      setFailure(null);
      try {
        await secondFactor.mutateAsync({ challenge, code });
      } catch (err) {
        setFailure(errorText(err));
      }
    };
    return (
      <form onSubmit={submitCode} noValidate className="space-y-4" data-testid="temp-code-second-factor">
        {signedIn ? <Alert tone="success">{successText}</Alert> : null}
        {failure && !signedIn ? <Alert tone="danger">{failure}</Alert> : null}
        <p className="text-sm text-muted">{t('two-factor:login.text')}</p>
        <TextField
          label={t('two-factor:fields.codeOrRecovery')}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={12}
          className="font-mono tracking-widest"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <Button type="submit" className="w-full" loading={secondFactor.isPending} disabled={signedIn}>
          {t('two-factor:login.submit')}
        </Button>
      </form>
    );
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" data-testid="temp-code-form">
      {signedIn ? <Alert tone="success">{successText}</Alert> : null}
      {failure && !signedIn ? <Alert tone="danger">{failure}</Alert> : null}
      <EmailField error={text(errors.email?.message)} {...register('email')} />
      <TextField
        label={t('fields.tempCode')}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={TEMP_CODE_LENGTH}
        className="font-mono uppercase tracking-[0.3em]"
        hint={t('codeHint')}
        error={text(errors.tempCode?.message)}
        {...register('tempCode')}
      />
      <Button type="submit" className="w-full" loading={login.isPending} disabled={login.isSuccess}>
        {t('actions.signInWithCode')}
      </Button>
    </form>
  );
}
