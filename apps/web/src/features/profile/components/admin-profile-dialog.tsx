import { zodResolver } from '@hookform/resolvers/zod';
import type { TUser } from '@meridian/contracts/auth';
import {
  PROFILE_CLOSE_DELAY_MS,
  type TAdminProfileUpdateInput,
  ZAdminProfileUpdateInput,
} from '@meridian/contracts/profile';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog, useFormDialogSubmit } from '@/components/form-dialog';
import { NameFields } from '@/components/person-fields';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { useUpdateAdminProfile } from '../api/update-admin-profile';

type TValues = z.output<typeof ZAdminProfileUpdateInput>;
type TField = keyof TAdminProfileUpdateInput;
const FIELDS: readonly TField[] = ['firstname', 'lastname', 'username', 'email', 'phone'];

export interface AdminProfileDialogProps {
  user: TUser;
  onClose: () => void;
}

/** The admin's own profile; closes 3 s after success, failures are toasts (refused fields also show beside them). */
export function AdminProfileDialog({ user, onClose }: AdminProfileDialogProps) {
  const { t } = useTranslation('profile');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const update = useUpdateAdminProfile(user.id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TAdminProfileUpdateInput, unknown, TValues>({
    resolver: zodResolver(ZAdminProfileUpdateInput),
    mode: 'onChange',
    defaultValues: {
      firstname: user.firstname,
      lastname: user.lastname,
      username: user.username,
      email: user.email,
      phone: user.phone,
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
    >
      <fieldset disabled={state.done || state.busy} className="space-y-4">
        <NameFields
          register={register}
          error={error}
          label={(name) => t(`fields.${name}`)}
          whose="own"
          layout="stacked"
        />
      </fieldset>
    </FormDialog>
  );
}
