import { zodResolver } from '@hookform/resolvers/zod';
import { LOGIN_REDIRECT_DELAY_MS } from '@meridian/contracts/constants';
import { ZResetPasswordInput } from '@meridian/contracts/recovery';
import { useState } from 'react';
import { type SubmitHandler, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { useResetPassword } from '../api/reset-password';

/** The confirmation must repeat the password; its message is this feature's own words. */
const MISMATCH = 'recovery:reset.mismatch';
const ZResetForm = z
  .object({ password: ZResetPasswordInput.shape.password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], error: MISMATCH });
type TResetForm = z.infer<typeof ZResetForm>;
/** The token comes from the link, not a field: its refusal is said above the form. */
const FIELDS = ['password'] as const;

/**
 * /reset-password?token=…: a new password, typed twice. Success says so, then goes to the client
 * sign-in after 2 s.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('recovery');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TResetForm>({
    resolver: zodResolver(ZResetForm),
    mode: 'onChange',
    defaultValues: { password: '', confirm: '' },
  });
  const placeFieldErrors = useServerFieldErrors(setError, FIELDS);

  useAfterDelay(reset.isSuccess, LOGIN_REDIRECT_DELAY_MS, () => navigate('/auth/user/login', { replace: true }));

  const onSubmit: SubmitHandler<TResetForm> = async (values) => {
    if (reset.isSuccess) return;
    setFailure(null);
    try {
      await reset.mutateAsync({ password: values.password, token });
    } catch (err) {
      if (!placeFieldErrors(err)) setFailure(errorText(err, t('reset.failed')));
    }
  };

  const confirmError = errors.confirm?.message;
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      {reset.isSuccess ? <Alert tone="success">{t('resetSuccess')}</Alert> : null}
      {failure && !reset.isSuccess ? <Alert tone="danger">{failure}</Alert> : null}
      <TextField
        label={t('fields.newPassword')}
        type="password"
        autoComplete="new-password"
        hint={t('reset.passwordHint')}
        error={text(errors.password?.message)}
        {...register('password')}
      />
      <TextField
        label={t('fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={confirmError === MISMATCH ? t('reset.mismatch') : text(confirmError)}
        {...register('confirm')}
      />
      <Button type="submit" className="w-full" loading={reset.isPending} disabled={reset.isSuccess}>
        {t('actions.resetPassword')}
      </Button>
    </form>
  );
}
