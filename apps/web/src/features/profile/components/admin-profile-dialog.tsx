import { zodResolver } from '@hookform/resolvers/zod';
import type { TUser } from '@meridian/contracts/auth';
import {
  PROFILE_CLOSE_DELAY_MS,
  type TAdminProfileUpdateInput,
  ZAdminProfileUpdateInput,
} from '@meridian/contracts/profile';
import { type SubmitHandler, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { NameFields } from '@/components/person-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { useUpdateAdminProfile } from '../api/update-admin-profile';

type TValues = z.output<typeof ZAdminProfileUpdateInput>;
type TField = keyof TAdminProfileUpdateInput;
const FIELDS: readonly TField[] = ['firstname', 'lastname', 'username', 'email', 'phone'];

export interface AdminProfileDialogProps {
  user: TUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The admin's own profile; closes 3 s after success, failures are toasts (refused fields also show beside them). */
export function AdminProfileDialog({ user, open, onOpenChange }: AdminProfileDialogProps) {
  const { t } = useTranslation('profile');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('form.title')} className="max-w-lg">
      {open && <AdminProfileForm user={user} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function AdminProfileForm({ user, onDone }: { user: TUser; onDone: () => void }) {
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

  const placeFieldErrors = useServerFieldErrors(setError, FIELDS);

  useAfterDelay(update.isSuccess, PROFILE_CLOSE_DELAY_MS, onDone);

  const onSubmit: SubmitHandler<TValues> = async (values) => {
    try {
      await update.mutateAsync(values);
    } catch (err) {
      placeFieldErrors(err);
      toast.error(errorText(err));
    }
  };

  const error = (name: TField) => text(errors[name]?.message);
  const done = update.isSuccess;

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" data-testid="profile-form">
      {done && <Alert tone="success">{t('updated')}</Alert>}
      <fieldset disabled={done || update.isPending} className="space-y-4">
        <NameFields
          register={register}
          error={error}
          label={(name) => t(`fields.${name}`)}
          whose="own"
          layout="stacked"
        />
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" loading={update.isPending} disabled={done}>
          {t('form.save')}
        </Button>
      </div>
    </form>
  );
}
