import { zodResolver } from '@hookform/resolvers/zod';
import type { TUser } from '@meridian/contracts/auth';
import { type TClientUpdateInput, ZAdminClientUpdateInput } from '@meridian/contracts/client-actions';
import { useEffect, useState } from 'react';
import { type SubmitHandler, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { NameFields, PlaceFields } from '@/components/person-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { type TCountryOption, useCountryOptions } from '@/hooks/use-country-options';
import { useMessageText } from '@/hooks/use-message-text';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { useUpdateClient } from '../api/update-client';

/** Dialogs close about 3 seconds after an update. */
const CLOSE_AFTER_MS = 3000;

type TValues = z.output<typeof ZAdminClientUpdateInput>;
type TField = keyof TClientUpdateInput;
const FIELDS: readonly TField[] = ['firstname', 'lastname', 'username', 'email', 'phone', 'country', 'address'];

export interface UpdateClientDialogProps {
  client: TUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Update Info: every field required but the phone (a client without one keeps none), country from the
 * fixed list, the Add client words.
 */
export function UpdateClientDialog({ client, open, onOpenChange }: UpdateClientDialogProps) {
  const { t, i18n } = useTranslation('clients');
  const [busy, setBusy] = useState(false);
  // The form waits for the country names, so the select shows the client's country from the start.
  const countries = useCountryOptions(i18n.resolvedLanguage);
  const name = `${client.firstname} ${client.lastname}`.trim();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
      title={t('update.title')}
      description={t('update.description', { name })}
      className="max-w-lg"
    >
      {open &&
        (countries.data ? (
          <UpdateClientForm
            client={client}
            countries={countries.data}
            onBusyChange={setBusy}
            onDone={() => onOpenChange(false)}
          />
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

function UpdateClientForm({
  client,
  countries,
  onBusyChange,
  onDone,
}: {
  client: TUser;
  countries: readonly TCountryOption[];
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('clients');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const update = useUpdateClient(client.id);
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TClientUpdateInput, unknown, TValues>({
    resolver: zodResolver(ZAdminClientUpdateInput),
    mode: 'onChange',
    defaultValues: {
      firstname: client.firstname,
      lastname: client.lastname,
      username: client.username,
      email: client.email,
      phone: client.phone,
      country: client.country,
      address: client.address,
    },
  });
  const placeServerErrors = useServerFieldErrors(setError, FIELDS);

  useEffect(() => onBusyChange(update.isPending), [update.isPending, onBusyChange]);
  useAfterDelay(success !== null, CLOSE_AFTER_MS, onDone);

  const onSubmit: SubmitHandler<TValues> = async (values) => {
    if (update.isPending || success) return;
    setFailure(null);
    try {
      const answer = await update.mutateAsync(values);
      // The server's success message, in the reader's language.
      const done = text('clients.updated') ?? answer.message;
      setSuccess(done);
      toast.success(done);
    } catch (err) {
      const message = t('update.failed', { msg: errorText(err) });
      if (!placeServerErrors(err)) setFailure(message);
      // Profile update errors also show as a toast.
      toast.error(message);
    }
  };

  const error = (field: TField) => text(errors[field]?.message);

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" data-testid="update-client-form">
      {failure && <Alert tone="danger">{failure}</Alert>}
      {success && <Alert tone="success">{success}</Alert>}
      <fieldset disabled={success !== null} className="space-y-4">
        <NameFields
          register={register}
          error={error}
          label={(name) => t(`fields.${name}`)}
          whose="client"
          layout="stacked"
        />
        <PlaceFields
          register={register}
          error={error}
          label={(name) => t(`fields.${name}`)}
          whose="client"
          countries={countries}
          countryPlaceholder={t('placeholders.country')}
        />
      </fieldset>
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          {t(success ? 'common:actions.close' : 'common:actions.cancel')}
        </Button>
        <Button type="submit" loading={update.isPending} disabled={success !== null} data-testid="update-client-submit">
          {t('update.submit')}
        </Button>
      </div>
    </form>
  );
}
