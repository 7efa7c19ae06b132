import { ZTwoFactorCodeInput } from '@meridian/contracts/two-factor';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from '@/components/code-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { ApiError } from '@/lib/api-client';

export interface CodeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  submitLabel: string;
  danger?: boolean;
  pending: boolean;
  /** Sends the code; throws the API's refusal. */
  onSubmit: (code: string) => Promise<unknown>;
  /** Shown instead of the form once done (the new recovery codes). */
  result?: ReactNode;
}

/** Asks for a current code (or a recovery code) before turning the factor off or renewing the codes. */
export function CodeDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  danger = false,
  pending,
  onSubmit,
  result,
}: CodeDialogProps) {
  const { t } = useTranslation('two-factor');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const change = (next: boolean) => {
    if (!next) {
      setCode('');
      setFieldError(undefined);
      setFailure(null);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(undefined);
    setFailure(null);
    const parsed = ZTwoFactorCodeInput.safeParse({ code });
    if (!parsed.success) {
      setFieldError(text(parsed.error.issues[0]?.message));
      return;
    }
    try {
      await onSubmit(code);
      setCode('');
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setFieldError(errorText(err));
      else setFailure(errorText(err));
    }
  };

  return (
    <Dialog open={open} onOpenChange={change} title={title} description={description}>
      {result ?? (
        <form onSubmit={submit} noValidate className="space-y-4">
          {failure ? <Alert tone="danger">{failure}</Alert> : null}
          <CodeField
            recovery={recovery}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={fieldError}
            name="code"
            data-autofocus
          />
          <Button variant="ghost" size="sm" type="button" onClick={() => setRecovery((r) => !r)}>
            {recovery ? t('login.useApp') : t('login.useRecovery')}
          </Button>
          <div className="flex justify-end gap-2">
            <Button variant="outline" type="button" onClick={() => change(false)}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={pending}>
              {submitLabel}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
