import type { TUser } from '@meridian/contracts/auth';
import { ZAdminProfileUpdateInput } from '@meridian/contracts/profile';
import { useTranslation } from 'react-i18next';
import { NameFields } from '@/components/person-fields';
import { useUpdateAdminProfile } from '../api/update-admin-profile';
import { ProfileFormDialog } from './profile-form-dialog';

export interface AdminProfileDialogProps {
  user: TUser;
  onClose: () => void;
}

/** The admin's own profile: the name and contact fields. */
export function AdminProfileDialog(props: AdminProfileDialogProps) {
  const { t } = useTranslation('profile');
  const update = useUpdateAdminProfile(props.user.id);
  return (
    <ProfileFormDialog {...props} schema={ZAdminProfileUpdateInput} update={update}>
      {({ register, error }) => (
        <NameFields
          register={register}
          error={error}
          label={(name) => t(`fields.${name}`)}
          whose="own"
          layout="stacked"
        />
      )}
    </ProfileFormDialog>
  );
}
