import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '@/components/ui/field';

/** The account's email, as the recovery forms ask for it: the browser may fill it in. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type' | 'autoComplete' | 'inputMode'>) {
  const { t } = useTranslation('recovery');
  return <TextField label={t('fields.email')} type="email" autoComplete="email" inputMode="email" {...props} />;
}
