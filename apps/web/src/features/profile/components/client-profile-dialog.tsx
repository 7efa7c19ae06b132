import { zodResolver } from '@hookform/resolvers/zod';
import type { TUser } from '@meridian/contracts/auth';
import { type TClientUpdateInput, ZClientUpdateInput } from '@meridian/contracts/client-actions';
import { PROFILE_CLOSE_DELAY_MS } from '@meridian/contracts/profile';
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
import { useUpdateClientProfile } from '../api/update-client-profile';

type TValues = z.output<typeof ZClientUpdateInput>;
type TField = keyof TClientUpdateInput;
const FIELDS: readonly TField[] = ['firstname', 'lastname', 'username', 'email', 'phone', 'country', 'address'];

export interface ClientProfileDialogProps {
  user: TUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The client's own profile: every field required, validated on each change. Success shows "Profile
 * updated Successfully" and closes after 3 s; a failure is a toast (refused fields also show beside them).
 */
export function ClientProfileDialog({ user, open, onOpenChange }: ClientProfileDialogProps) {
  const { t, i18n } = useTranslation('profile');
  const countries = useCountryOptions(i18n.resolvedLanguage);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('form.title')} className="max-w-lg">
      {open &&
        // The form waits for the country names so the client's country is selected from the start.
        (countries.data ? (
          <ClientProfileForm user={user} countries={countries.data} onDone={() => onOpenChange(false)} />
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

interface ClientProfileFormProps {
  user: TUser;
  countries: readonly TCountryOption[];
  onDone: () => void;
}

function ClientProfileForm({ user, countries, onDone }: ClientProfileFormProps) {
  const { t } = useTranslation('profile');
  const text = useMessageText();
  const errorText = useApiErrorText();
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
        <NameFields register={register} error={error} label={(name) => t(`fields.${name}`)} whose="own" layout="wide" />
        <PlaceFields
          register={register}
          error={error}
          label={(name) => t(`fields.${name}`)}
          whose="own"
          countries={countries}
          countryPlaceholder={t('placeholders.country')}
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
