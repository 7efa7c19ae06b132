import { zodResolver } from '@hookform/resolvers/zod';
import { ZChangePasswordInput } from '@meridian/contracts/auth';
import type { TMessageKey } from '@meridian/contracts/messages';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { type SubmitHandler, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { useChangePassword } from '../api/change-password';

/**
 * The current password, then the new one twice; the rules are the registration's (at least 8
 * characters). The server checks the current one (docs/deviations.md).
 */
const ZChangePasswordForm = z
  .object({
    currentPassword: z.string().min(1, { error: 'validation.currentPasswordRequired' satisfies TMessageKey }),
    password: ZChangePasswordInput.shape.password,
    confirm: z.string(),
  })
  .refine((values) => values.password === values.confirm, { path: ['confirm'], error: 'mismatch' });
type TChangePasswordForm = z.input<typeof ZChangePasswordForm>;
const FIELDS = ['currentPassword', 'password'] as const;
const EMPTY: TChangePasswordForm = { currentPassword: '', password: '', confirm: '' };

/**
 * /user/change-password and /admin/change-password (one page for both). On success the server has
 * ended every other session of the user; this one goes on, and the form empties for another change.
 */
export function ChangePassword({ userId }: { userId: string }) {
  const { t } = useTranslation('profile');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const change = useChangePassword(userId);
  const [failure, setFailure] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<TChangePasswordForm>({
    resolver: zodResolver(ZChangePasswordForm),
    mode: 'onChange',
    defaultValues: EMPTY,
  });
  const placeFieldErrors = useServerFieldErrors(setError, FIELDS);

  const onSubmit: SubmitHandler<TChangePasswordForm> = async ({ currentPassword, password }) => {
    setFailure(null);
    try {
      await change.mutateAsync({ currentPassword, password });
      reset(EMPTY);
    } catch (err) {
      if (!placeFieldErrors(err)) setFailure(errorText(err, t('auth:passwordChangeFailed')));
    }
  };

  return (
    <section
      aria-labelledby="change-password-title"
      className="mx-auto w-full max-w-md rounded-2xl border border-border bg-surface p-6"
    >
      <div className="mb-5 flex items-start gap-3">
        <span className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
          <KeyRound className="h-5 w-5" aria-hidden="true" />
        </span>
        <div>
          <h1 id="change-password-title" className="text-lg font-semibold text-fg">
            {t('password.title')}
          </h1>
          <p className="text-sm text-muted">{t('password.subtitle')}</p>
        </div>
      </div>
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" data-testid="change-password-form">
        {change.isSuccess && (
          <Alert tone="success">
            <p>{t('auth:passwordChanged')}</p>
            <p>{t('password.otherSessionsEnded')}</p>
          </Alert>
        )}
        {failure && <Alert tone="danger">{failure}</Alert>}
        <fieldset disabled={change.isPending} className="space-y-4">
          <PasswordField
            label={t('password.current')}
            autoComplete="current-password"
            error={text(errors.currentPassword?.message)}
            {...register('currentPassword')}
          />
          <PasswordField
            label={t('password.new')}
            autoComplete="new-password"
            hint={t('password.hint')}
            error={text(errors.password?.message)}
            {...register('password')}
          />
          <PasswordField
            label={t('password.confirm')}
            autoComplete="new-password"
            error={errors.confirm ? t('password.mismatch') : undefined}
            {...register('confirm')}
          />
        </fieldset>
        <Button type="submit" className="w-full" loading={change.isPending}>
          {t('password.submit')}
        </Button>
      </form>
    </section>
  );
}
