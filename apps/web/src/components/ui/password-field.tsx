import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from './field';

/**
 * A password input with a show/hide toggle. The toggle keeps one label and says its state by being
 * pressed ("Show password, pressed"), so a screen reader hears it once, not as "Hide password, pressed".
 */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={t('actions.showPassword')}
          aria-pressed={visible}
          className="grid h-8 w-8 place-items-center rounded-md text-muted hover:bg-surface-2 hover:text-fg"
        >
          <Icon className="h-4 w-4" aria-hidden="true" />
        </button>
      }
    />
  );
}
