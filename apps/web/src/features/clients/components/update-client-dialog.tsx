import { zodResolver } from '@hookform/resolvers/zod';
import type { TUser } from '@meridian/contracts/auth';
import { type TClientUpdateInput, ZAdminClientUpdateInput } from '@meridian/contracts/client-actions';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog, useFormDialogSubmit } from '@/components/form-dialog';
import { NameFields, PersonFieldsLoading, PlaceFields } from '@/components/person-fields';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useCountryOptions } from '@/hooks/use-country-options';
import { useMessageText } from '@/hooks/use-message-text';
import { toast } from '@/lib/toast';
import { useUpdateClient } from '../api/update-client';

/** Dialogs close about 3 seconds after an update. */
const CLOSE_AFTER_MS = 3000;

type TValues = z.output<typeof ZAdminClientUpdateInput>;
type TField = keyof TClientUpdateInput;
const FIELDS: readonly TField[] = ['firstname', 'lastname', 'username', 'email', 'phone', 'country', 'address'];

export interface UpdateClientDialogProps {
  client: TUser;
  onClose: () => void;
}

/**
 * Update Info: every field required but the phone (a client without one keeps none), country from the
 * fixed list, the Add client words.
 */
export function UpdateClientDialog({ client, onClose }: UpdateClientDialogProps) {
  const { t, i18n } = useTranslation('clients');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const countries = useCountryOptions(i18n.resolvedLanguage);
  const update = useUpdateClient(client.id);
  const name = `${client.firstname} ${client.lastname}`.trim();
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
  // The server's success message, in the reader's language.
  const updated = text('clients.updated') ?? update.data?.message;
  const state = useFormDialogSubmit({
    mutation: update,
    send: (values: TValues) => update.mutateAsync(values),
    setError,
    fields: FIELDS,
    failedText: (err) => t('update.failed', { msg: errorText(err) }),
    onSuccess: (answer) => toast.success(text('clients.updated') ?? answer.message),
    onClose,
    closeAfterMs: CLOSE_AFTER_MS,
  });
  const error = (field: TField) => text(errors[field]?.message);

  return (
    <FormDialog
      title={t('update.title')}
      description={t('update.description', { name })}
      className="max-w-lg"
      testId="update-client-form"
      state={state}
      doneText={updated}
      onSubmit={handleSubmit(state.onSubmit)}
      onClose={onClose}
      submitLabel={t('update.submit')}
      submitTestId="update-client-submit"
      loading={!countries.data && <PersonFieldsLoading />}
    >
      <fieldset disabled={state.done} className="space-y-4">
        <NameFields
          register={register}
          error={error}
          label={(field) => t(`fields.${field}`)}
          whose="client"
          layout="stacked"
        />
        <PlaceFields
          register={register}
          error={error}
          label={(field) => t(`fields.${field}`)}
          whose="client"
          countries={countries.data ?? []}
          countryPlaceholder={t('placeholders.country')}
        />
      </fieldset>
    </FormDialog>
  );
}
