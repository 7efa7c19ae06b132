import { zodResolver } from '@hookform/resolvers/zod';
import { type TStaffMember, type TStaffRoleInput, ZStaffRoleInput } from '@meridian/contracts/staff';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog, useFormDialogSubmit } from '@/components/form-dialog';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { toast } from '@/lib/toast';
import { useSetStaffRole } from '../api/set-staff-role';
import { ReCheckCodeField, RoleSelect } from './staff-fields';

type TValues = z.output<typeof ZStaffRoleInput>;
type TField = keyof TStaffRoleInput;
const FIELDS: readonly TField[] = ZStaffRoleInput.keyof().options;

/** Change role: another staff member's new role, re-checked with the asking Admin's code. */
export function ChangeRoleDialog({ member, onClose }: { member: TStaffMember; onClose: () => void }) {
  const { t } = useTranslation('staff');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const change = useSetStaffRole(member.id);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<TStaffRoleInput, unknown, TValues>({
    resolver: zodResolver(ZStaffRoleInput),
    mode: 'onTouched',
    defaultValues: { role: member.role, code: '' },
  });
  const role = watch('role');
  const changedText = (answer: { message: string }) => text('staff.roleChanged') ?? answer.message;
  const state = useFormDialogSubmit({
    mutation: change,
    send: (values: TValues) => change.mutateAsync(values),
    setError,
    fields: FIELDS,
    failedText: (err) => errorText(err, t('change.failed')),
    onSuccess: (answer) => toast.success(changedText(answer)),
    onClose,
  });
  const error = (field: TField) => text(errors[field]?.message);
  const name = `${member.firstname} ${member.lastname}`.trim();

  return (
    <FormDialog
      title={t('change.title', { name })}
      description={t('change.description', { role: t(`roles.${member.role}`) })}
      className="max-w-lg"
      testId="change-role-form"
      state={state}
      doneText={change.data && changedText(change.data)}
      onSubmit={handleSubmit(state.onSubmit)}
      onClose={onClose}
      submitLabel={t('change.submit')}
      submitTestId="change-role-submit"
      // Choosing the role they already have changes nothing.
      submitDisabled={role === member.role}
    >
      <fieldset disabled={state.done} className="space-y-4">
        <RoleSelect registration={register('role')} value={role} error={error('role')} />
        <ReCheckCodeField registration={register('code')} error={error('code')} />
      </fieldset>
    </FormDialog>
  );
}
