import { zodResolver } from '@hookform/resolvers/zod';
import type { TUser } from '@meridian/contracts/auth';
import { PROFILE_CLOSE_DELAY_MS } from '@meridian/contracts/profile';
import type { ReactNode } from 'react';
import { type DefaultValues, type FieldValues, type Path, type UseFormRegister, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog, useFormDialogSubmit } from '@/components/form-dialog';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';

/** What the fields of a profile form are given: the form's `register` and each field's error in words. */
export interface ProfileFormFields<TValues extends FieldValues> {
  register: UseFormRegister<TValues>;
  error: (name: Path<TValues>) => string | undefined;
}

export interface ProfileFormDialogProps<TValues extends FieldValues> {
  /**
   * The contract's update input for this audience (it checks the fields, it does not change their
   * shape). Its fields are the ones the form edits and a refusal may name; each is one of the user's.
   */
  schema: z.ZodObject & z.ZodType<TValues, TValues>;
  user: TUser;
  /** The update mutation of the user's own profile. */
  update: { isPending: boolean; isSuccess: boolean; mutateAsync: (values: TValues) => Promise<unknown> };
  onClose: () => void;
  /** Shown in place of the fields while something they need loads. */
  loading?: ReactNode;
  children: (form: ProfileFormFields<TValues>) => ReactNode;
}

/**
 * The user's own profile, for admins and clients alike: validated on each change; closes 3 s after
 * success, failures are toasts (refused fields also show beside them).
 */
export function ProfileFormDialog<TValues extends FieldValues>({
  schema,
  user,
  update,
  onClose,
  loading,
  children,
}: ProfileFormDialogProps<TValues>) {
  const { t } = useTranslation('profile');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const fields = Object.keys(schema.shape) as (Path<TValues> & keyof TUser)[];
  const { register, handleSubmit, setError, getFieldState, formState } = useForm<TValues>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    // Each field starts at the user's value as it stands.
    defaultValues: Object.fromEntries(fields.map((name) => [name, user[name]])) as DefaultValues<TValues>,
  });
  const state = useFormDialogSubmit({
    mutation: update,
    send: (values: TValues) => update.mutateAsync(values),
    setError,
    fields,
    failedText: (err) => errorText(err),
    onClose,
    closeAfterMs: PROFILE_CLOSE_DELAY_MS,
  });
  const error = (name: Path<TValues>) => text(getFieldState(name, formState).error?.message);

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
      loading={loading}
    >
      <fieldset disabled={state.done || state.busy} className="space-y-4">
        {children({ register, error })}
      </fieldset>
    </FormDialog>
  );
}
