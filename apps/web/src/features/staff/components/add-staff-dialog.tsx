import { zodResolver } from '@hookform/resolvers/zod';
import { type TCreateStaffInput, ZCreateStaffInput } from '@meridian/contracts/staff';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog, useFormDialogSubmit } from '@/components/form-dialog';
import { TextField } from '@/components/ui/field';
import { PasswordField } from '@/components/ui/password-field';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { toast } from '@/lib/toast';
import { useCreateStaff } from '../api/create-staff';
import { ReCheckCodeField, RoleSelect } from './staff-fields';

type TValues = z.output<typeof ZCreateStaffInput>;
type TField = keyof TCreateStaffInput;
/** Every field of the form: a refusal naming any of them (a wrong code, say) lands on it. */
const FIELDS: readonly TField[] = ZCreateStaffInput.keyof().options;
/** No role until one is chosen (the select starts on "Choose a role"): a role is never given by default. */
const EMPTY: Partial<TCreateStaffInput> = { firstname: '', lastname: '', email: '', password: '', code: '' };

/** Add staff member: who they are, a first password, their role, and the asking Admin's code. */
export function AddStaffDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('staff');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const create = useCreateStaff();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<TCreateStaffInput, unknown, TValues>({
    resolver: zodResolver(ZCreateStaffInput),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  // The server's success message, in the reader's language.
  const addedText = (answer: { message: string }) => text('staff.added') ?? answer.message;
  const state = useFormDialogSubmit({
    mutation: create,
    send: (values: TValues) => create.mutateAsync(values),
    setError,
    fields: FIELDS,
    failedText: (err) => errorText(err, t('add.failed')),
    onSuccess: (answer) => toast.success(addedText(answer)),
    onClose,
  });
  const error = (field: TField) => text(errors[field]?.message);

  return (
    <FormDialog
      title={t('add.title')}
      description={t('add.description')}
      className="max-w-lg"
      testId="add-staff-form"
      state={state}
      doneText={create.data && addedText(create.data)}
      onSubmit={handleSubmit(state.onSubmit)}
      onClose={onClose}
      submitLabel={t('add.submit')}
      submitTestId="add-staff-submit"
    >
      <fieldset disabled={state.done} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('fields.firstname')}
            autoComplete="off"
            error={error('firstname')}
            data-autofocus
            {...register('firstname')}
          />
          <TextField
            label={t('fields.lastname')}
            autoComplete="off"
            error={error('lastname')}
            {...register('lastname')}
          />
        </div>
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="off"
          error={error('email')}
          {...register('email')}
        />
        <PasswordField
          label={t('fields.password')}
          autoComplete="new-password"
          hint={t('fields.passwordHint')}
          error={error('password')}
          {...register('password')}
        />
        <RoleSelect registration={register('role')} value={watch('role')} error={error('role')} placeholder />
        <ReCheckCodeField registration={register('code')} error={error('code')} />
      </fieldset>
    </FormDialog>
  );
}
