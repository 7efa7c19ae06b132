import { zodResolver } from '@hookform/resolvers/zod';
import { type TCreateClientInput, ZCreateClientInput } from '@meridian/contracts/clients';
import { useEffect, useState } from 'react';
import { type SubmitHandler, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { NameFields, PlaceFields } from '@/components/person-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PasswordField } from '@/components/ui/password-field';
import { Skeleton } from '@/components/ui/skeleton';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { type TCountryOption, useCountryOptions } from '@/hooks/use-country-options';
import { useMessageText } from '@/hooks/use-message-text';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { useCreateClient } from '../api/create-client';
import { clientDetailsPath } from './client-table';

/** Add client closes about 5 seconds after it succeeded. */
const CLOSE_AFTER_MS = 5000;

type TValues = z.output<typeof ZCreateClientInput>;
type TField = keyof TCreateClientInput;
const FIELDS: readonly TField[] = [
  'firstname',
  'lastname',
  'username',
  'email',
  'phone',
  'country',
  'address',
  'password',
];
const EMPTY: TCreateClientInput = {
  firstname: '',
  lastname: '',
  username: '',
  email: '',
  phone: '',
  country: '',
  address: '',
  password: '',
};

export interface NewClientDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** + New Client (Add client): every field required, a password the admin sets. */
export function NewClientDialog({ open, onOpenChange }: NewClientDialogProps) {
  const { t, i18n } = useTranslation('clients');
  const [busy, setBusy] = useState(false);
  const countries = useCountryOptions(i18n.resolvedLanguage);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
      title={t('create.title')}
      description={t('create.description')}
      className="max-w-lg"
    >
      {open &&
        (countries.data ? (
          <NewClientForm countries={countries.data} onBusyChange={setBusy} onDone={() => onOpenChange(false)} />
        ) : (
          <div role="status" aria-busy="true" className="space-y-4">
            <span className="sr-only">{t('common:loading')}</span>
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ))}
    </Dialog>
  );
}

function NewClientForm({
  countries,
  onBusyChange,
  onDone,
}: {
  countries: readonly TCountryOption[];
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('clients');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const create = useCreateClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<{ id: string; message: string } | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TCreateClientInput, unknown, TValues>({
    resolver: zodResolver(ZCreateClientInput),
    mode: 'onChange',
    defaultValues: EMPTY,
  });
  const placeServerErrors = useServerFieldErrors(setError, FIELDS);

  useEffect(() => onBusyChange(create.isPending), [create.isPending, onBusyChange]);
  useAfterDelay(created !== null, CLOSE_AFTER_MS, onDone);

  const onSubmit: SubmitHandler<TValues> = async (values) => {
    if (create.isPending || created) return;
    setFailure(null);
    try {
      const answer = await create.mutateAsync(values);
      // The server's success message, in the reader's language.
      const done = text('auth.accountCreated') ?? answer.message;
      setCreated({ id: answer.user.id, message: done });
      toast.success(done);
    } catch (err) {
      if (!placeServerErrors(err)) setFailure(errorText(err, t('create.failed')));
    }
  };

  const error = (field: TField) => text(errors[field]?.message);

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" data-testid="new-client-form">
      {failure && <Alert tone="danger">{failure}</Alert>}
      {created && (
        <Alert tone="success">
          {created.message}{' '}
          <Link to={clientDetailsPath(created.id)} className="font-medium underline" onClick={onDone}>
            {t('create.openClient')}
          </Link>
        </Alert>
      )}
      <fieldset disabled={created !== null} className="space-y-4">
        <NameFields
          register={register}
          error={error}
          label={(name) => t(`create.fields.${name}`)}
          whose="client"
          layout="stacked"
        />
        <PlaceFields
          register={register}
          error={error}
          label={(name) => t(`create.fields.${name}`)}
          whose="client"
          countries={countries}
          countryPlaceholder={t('create.countryPlaceholder')}
        />
        <PasswordField
          label={t('create.fields.password')}
          autoComplete="new-password"
          hint={t('create.passwordHint')}
          error={error('password')}
          {...register('password')}
        />
      </fieldset>
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={create.isPending}>
          {t(created ? 'common:actions.close' : 'common:actions.cancel')}
        </Button>
        <Button type="submit" loading={create.isPending} disabled={created !== null} data-testid="new-client-submit">
          {t('create.submit')}
        </Button>
      </div>
    </form>
  );
}
