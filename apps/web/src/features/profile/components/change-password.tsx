import { zodResolver } from '@hookform/resolvers/zod';
import { ZChangePasswordInput } from '@meridian/contracts/auth';
import type { TUserType } from '@meridian/contracts/constants';
import { PASSWORD_CHANGE_REDIRECT_DELAY_MS } from '@meridian/contracts/profile';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { type SubmitHandler, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { session } from '@/lib/session';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { useChangePassword } from '../api/change-password';
import { PasswordField } from './password-field';

/** The new password twice; the rules are the registration's (at least 8 characters). */
const ZChangePasswordForm = z
  .object({ password: ZChangePasswordInput.shape.password, confirm: z.string() })
  .refine((values) => values.password === values.confirm, { path: ['confirm'], error: 'mismatch' });
type TChangePasswordForm = z.input<typeof ZChangePasswordForm>;
const FIELDS = ['password'] as const;

/** After a change, an Admin signs in again at the admin login, a Client at the client login. */
export function loginPathOf(role: TUserType | undefined): string {
  if (role === 'Admin') return '/auth/admin/login';
  if (role === 'Client') return '/auth/user/login';
  return '/';
}

/**
 * /user/change-password and /admin/change-password (one page for both). On success the server has
 * already ended every session of the user; 2 s later this tab forgets its session too and goes to the
 * login page of the user's type.
 */
export function ChangePassword({ userId, role }: { userId: string; role: TUserType }) {
  const { t } = useTranslation('profile');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const change = useChangePassword(userId);
  const [failure, setFailure] = useState<string | null>(null);
  const leaving = useRef(false);

  // As with logout: leave first, and forget the session as this page unmounts, so the area's role
  // guard never sees a signed-out user and sends them somewhere else.
  useLayoutEffect(
    () => () => {
      if (!leaving.current) return;
      session.clear();
      writeStorage(STORAGE_KEYS.persist, null);
      queryClient.clear();
    },
    [queryClient],
  );
  useAfterDelay(change.isSuccess, PASSWORD_CHANGE_REDIRECT_DELAY_MS, () => {
    leaving.current = true;
    void navigate(loginPathOf(role), { replace: true });
  });

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TChangePasswordForm>({
    resolver: zodResolver(ZChangePasswordForm),
    mode: 'onChange',
    defaultValues: { password: '', confirm: '' },
  });
  const placeFieldErrors = useServerFieldErrors(setError, FIELDS);

  const onSubmit: SubmitHandler<TChangePasswordForm> = async ({ password }) => {
    setFailure(null);
    try {
      await change.mutateAsync({ password });
    } catch (err) {
      if (!placeFieldErrors(err)) setFailure(errorText(err, t('auth:passwordChangeFailed')));
    }
  };

  const done = change.isSuccess;
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
        {done && <Alert tone="success">{t('auth:passwordChanged')}</Alert>}
        {failure && <Alert tone="danger">{failure}</Alert>}
        <fieldset disabled={done || change.isPending} className="space-y-4">
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
        <Button type="submit" className="w-full" loading={change.isPending} disabled={done}>
          {t('password.submit')}
        </Button>
      </form>
    </section>
  );
}
