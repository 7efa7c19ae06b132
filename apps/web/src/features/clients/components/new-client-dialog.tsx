import { zodResolver } from '@hookform/resolvers/zod';
import { type TCreateClientInput, ZCreateClientInput } from '@meridian/contracts/clients';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { EMPTY_PERSON } from '@/components/empty-person';
import { FormDialog, useFormDialogSubmit } from '@/components/form-dialog';
import { NameFields, PersonFieldsLoading, PlaceFields } from '@/components/person-fields';
import { PasswordField } from '@/components/ui/password-field';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useCountryOptions } from '@/hooks/use-country-options';
import { useMessageText } from '@/hooks/use-message-text';
import { toast } from '@/lib/toast';
import { useCreateClient } from '../api/create-client';
import { clientDetailsPath } from './client-table';

/** Add client closes about 5 seconds after it succeeded. */
const CLOSE_AFTER_MS = 5000;

type TValues = z.output<typeof ZCreateClientInput>;
type TField = keyof TCreateClientInput;
/** Every field of the form: a refusal naming any of them lands on it. */
const FIELDS: readonly TField[] = ZCreateClientInput.keyof().options;
const EMPTY: TCreateClientInput = { ...EMPTY_PERSON, password: '' };

export interface NewClientDialogProps {
  onClose: () => void;
}

/** + New Client (Add client): every field required, a password the admin sets. */
export function NewClientDialog({ onClose }: NewClientDialogProps) {
  const { t, i18n } = useTranslation('clients');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const countries = useCountryOptions(i18n.resolvedLanguage);
  const create = useCreateClient();
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
  // The server's success message, in the reader's language.
  const createdText = (answer: { message: string }) => text('auth.accountCreated') ?? answer.message;
  const state = useFormDialogSubmit({
    mutation: create,
    send: (values: TValues) => create.mutateAsync(values),
    setError,
    fields: FIELDS,
    failedText: (err) => errorText(err, t('create.failed')),
    onSuccess: (answer) => toast.success(createdText(answer)),
    onClose,
    closeAfterMs: CLOSE_AFTER_MS,
    toastFailure: false,
  });
  const error = (field: TField) => text(errors[field]?.message);

  return (
    <FormDialog
      title={t('create.title')}
      description={t('create.description')}
      className="max-w-lg"
      testId="new-client-form"
      state={state}
      doneText={
        create.data && (
          <>
            {createdText(create.data)}{' '}
            <Link to={clientDetailsPath(create.data.user.id)} className="font-medium underline" onClick={onClose}>
              {t('create.openClient')}
            </Link>
          </>
        )
      }
      onSubmit={handleSubmit(state.onSubmit)}
      onClose={onClose}
      submitLabel={t('create.submit')}
      submitTestId="new-client-submit"
      loading={!countries.data && <PersonFieldsLoading />}
    >
      <fieldset disabled={state.done} className="space-y-4">
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
          countries={countries.data ?? []}
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
    </FormDialog>
  );
}
