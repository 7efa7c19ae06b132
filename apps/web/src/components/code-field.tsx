import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '@/components/ui/field';

export interface CodeFieldProps extends Omit<TextFieldProps, 'label'> {
  /** A recovery code (letters and a dash) instead of the 6 digits of the app. */
  recovery?: boolean;
  label?: string;
}

/**
 * The code of an authenticator app: a numeric keyboard on phones and the browser's one-time-code
 * autofill. A recovery code is typed as text.
 */
export function CodeField({ recovery = false, label, ...props }: CodeFieldProps) {
  const { t } = useTranslation('two-factor');
  return (
    <TextField
      label={label ?? (recovery ? t('fields.recoveryCode') : t('fields.code'))}
      autoComplete={recovery ? 'off' : 'one-time-code'}
      inputMode={recovery ? 'text' : 'numeric'}
      autoCapitalize="off"
      spellCheck={false}
      maxLength={recovery ? 12 : 7}
      placeholder={recovery ? 'xxxx-xxxx' : '123456'}
      className="font-mono tracking-widest"
      {...props}
    />
  );
}
