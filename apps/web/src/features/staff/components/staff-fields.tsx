import { STAFF_ROLES, type TStaffRole } from '@meridian/contracts/constants';
import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CodeField } from '@/components/code-field';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/field';

export interface RoleSelectProps {
  registration: UseFormRegisterReturn;
  /** The chosen role, whose permissions the hint spells out. */
  value: TStaffRole | '' | undefined;
  error: string | undefined;
  /** Offer an empty first choice (a new member has no role until one is chosen). */
  placeholder?: boolean;
}

/** The role of a staff member, with a line under it saying what the chosen role may do. */
export function RoleSelect({ registration, value, error, placeholder = false }: RoleSelectProps) {
  const { t } = useTranslation('staff');
  return (
    <SelectField
      label={t('fields.role')}
      error={error}
      hint={value ? t(`roleHints.${value}`) : undefined}
      {...registration}
    >
      {placeholder && <option value="">{t('fields.rolePlaceholder')}</option>}
      {STAFF_ROLES.map((role) => (
        <option key={role} value={role}>
          {t(`roles.${role}`)}
        </option>
      ))}
    </SelectField>
  );
}

export interface ReCheckCodeFieldProps {
  registration: UseFormRegisterReturn;
  error: string | undefined;
}

/**
 * The asking Admin's own authenticator code (or a recovery code, when the phone is not at hand):
 * the server re-checks it before any change to staff (docs/security.md, "Staff roles").
 */
export function ReCheckCodeField({ registration, error }: ReCheckCodeFieldProps) {
  const { t } = useTranslation(['staff', 'two-factor']);
  const [recovery, setRecovery] = useState(false);
  return (
    <div className="space-y-1">
      <CodeField recovery={recovery} error={error} hint={t('staff:fields.codeHint')} {...registration} />
      <Button variant="ghost" size="sm" type="button" onClick={() => setRecovery((value) => !value)}>
        {recovery ? t('two-factor:login.useApp') : t('two-factor:login.useRecovery')}
      </Button>
    </div>
  );
}
