import { zodResolver } from '@hookform/resolvers/zod';
import type { TUser } from '@meridian/contracts/auth';
import { type TClientUpdateInput, ZClientUpdateInput } from '@meridian/contracts/client-actions';
import { PROFILE_CLOSE_DELAY_MS } from '@meridian/contracts/profile';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog, useFormDialogSubmit } from '@/components/form-dialog';
import { NameFields, PersonFieldsLoading, PlaceFields } from '@/components/person-fields';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useCountryOptions } from '@/hooks/use-country-options';
import { useMessageText } from '@/hooks/use-message-text';
import { useUpdateClientProfile } from '../api/update-client-profile';

type TValues = z.output<typeof ZClientUpdateInput>;
type TField = keyof TClientUpdateInput;
const FIELDS: readonly TField[] = ['firstname', 'lastname', 'username', 'email', 'phone', 'country', 'address'];

export interface ClientProfileDialogProps {
  user: TUser;
  onClose: () => void;
}

/**
 * The client's own profile: every field required, validated on each change. Success shows "Profile
 * updated Successfully" and closes after 3 s; a failure is a toast (refused fields also show beside them).
 */
export function ClientProfileDialog({ user, onClose }: ClientProfileDialogProps) {
  const { t, i18n } = useTranslation('profile');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const countries = useCountryOptions(i18n.resolvedLanguage);
  const update = useUpdateClientProfile(user.id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TClientUpdateInput, unknown, TValues>({
    resolver: zodResolver(ZClientUpdateInput),
    mode: 'onChange',
    defaultValues: {
      firstname: user.firstname,
      lastname: user.lastname,
      username: user.username,
      email: user.email,
      phone: user.phone,
      country: user.country,
      address: user.address,
    },
  });
  const state = useFormDialogSubmit({
    mutation: update,
    send: (values: TValues) => update.mutateAsync(values),
    setError,
    fields: FIELDS,
    failedText: (err) => errorText(err),
    onClose,
    closeAfterMs: PROFILE_CLOSE_DELAY_MS,
  });
  const error = (name: TField) => text(errors[name]?.message);

  return (
    <FormDialog
      title={t('form.title')}
      className="max-w-lg"
      testId="profile-form"
      state={state}
      doneText={t('updated')}
      onSubmit={handleSubmit(state.onSubmit)}
      onClose={onClose}
      submitLabel={t('form.save')}
      loading={!countries.data && <PersonFieldsLoading />}
    >
      <fieldset disabled={state.done || state.busy} className="space-y-4">
        <NameFields register={register} error={error} label={(name) => t(`fields.${name}`)} whose="own" layout="wide" />
        <PlaceFields
          register={register}
          error={error}
          label={(name) => t(`fields.${name}`)}
          whose="own"
          countries={countries.data ?? []}
          countryPlaceholder={t('placeholders.country')}
        />
      </fieldset>
    </FormDialog>
  );
}
