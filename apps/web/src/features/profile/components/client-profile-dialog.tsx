import type { TUser } from '@meridian/contracts/auth';
import { type TClientUpdateInput, ZClientUpdateInput } from '@meridian/contracts/client-actions';
import { useTranslation } from 'react-i18next';
import { NameFields, PersonFieldsLoading, PlaceFields } from '@/components/person-fields';
import { useCountryOptions } from '@/hooks/use-country-options';
import { useUpdateClientProfile } from '../api/update-client-profile';
import { ProfileFormDialog } from './profile-form-dialog';

export interface ClientProfileDialogProps {
  user: TUser;
  onClose: () => void;
}

/**
 * The client's own profile: every field required, validated on each change. Success shows "Profile
 * updated Successfully" and closes after 3 s; a failure is a toast (refused fields also show beside them).
 */
export function ClientProfileDialog(props: ClientProfileDialogProps) {
  const { t, i18n } = useTranslation('profile');
  const countries = useCountryOptions(i18n.resolvedLanguage);
  const update = useUpdateClientProfile(props.user.id);
  const label = (name: keyof TClientUpdateInput) => t(`fields.${name}`);
  return (
    <ProfileFormDialog
      {...props}
      schema={ZClientUpdateInput}
      update={update}
      loading={!countries.data && <PersonFieldsLoading />}
    >
      {({ register, error }) => (
        <>
          <NameFields register={register} error={error} label={label} whose="own" layout="wide" />
          <PlaceFields
            register={register}
            error={error}
            label={label}
            whose="own"
            countries={countries.data ?? []}
            countryPlaceholder={t('placeholders.country')}
          />
        </>
      )}
    </ProfileFormDialog>
  );
}
