import { ZTwoFactorConfirmInput } from '@meridian/contracts/two-factor';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from '@/components/code-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { ApiError } from '@/lib/api-client';
import { useConfirmEnrolment, useFinishEnrolment, useStartEnrolment } from '../api/enrolment';
import { RecoveryCodes } from './recovery-codes';

/**
 * Turning two-factor sign-in on: a new secret as a QR code and typed out, the first code from the
 * app, then the recovery codes once. `onDone` runs after the person says they saved the codes.
 */
export function Enrolment({ onDone, doneLabel }: { onDone?: () => void; doneLabel?: string }) {
  const { t } = useTranslation('two-factor');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const finish = useFinishEnrolment();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();

  if (confirm.data) {
    return (
      <RecoveryCodes
        codes={confirm.data.recoveryCodes}
        doneLabel={doneLabel ?? t('codes.done')}
        onDone={() => {
          void finish();
          onDone?.();
        }}
      />
    );
  }

  if (!start.data) {
    return (
      <div className="space-y-3">
        {start.isError ? <Alert tone="danger">{errorText(start.error)}</Alert> : null}
        <Button onClick={() => start.mutate()} loading={start.isPending} data-testid="two-factor-start">
          {t('enrol.start')}
        </Button>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(undefined);
    const parsed = ZTwoFactorConfirmInput.safeParse({ code });
    if (!parsed.success) {
      setFieldError(text(parsed.error.issues[0]?.message));
      return;
    }
    try {
      await confirm.mutateAsync({ code });
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setFieldError(errorText(err));
    }
  };

  const setup = start.data;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <ol className="list-decimal space-y-1 ps-5 text-sm text-muted">
        <li>{t('enrol.stepApp')}</li>
        <li>{t('enrol.stepScan')}</li>
        <li>{t('enrol.stepCode')}</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row">
        <img
          src={setup.qrCode}
          alt={t('enrol.qrAlt')}
          width={180}
          height={180}
          className="rounded-lg border border-border bg-white p-1"
        />
        <div className="min-w-0 space-y-2">
          <p className="text-sm text-muted">{t('enrol.manual')}</p>
          <code className="block break-all font-mono text-base text-fg" data-testid="two-factor-secret">
            {setup.secret}
          </code>
          <CopyButton value={setup.secret.replace(/\s+/g, '')} label={t('enrol.copySecret')} />
        </div>
      </div>
      {confirm.isError && !(confirm.error instanceof ApiError && confirm.error.status === 400) ? (
        <Alert tone="danger">{errorText(confirm.error)}</Alert>
      ) : null}
      <CodeField
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={fieldError}
        name="code"
        data-testid="two-factor-code"
      />
      <Button type="submit" loading={confirm.isPending} data-testid="two-factor-confirm">
        {t('enrol.confirm')}
      </Button>
    </form>
  );
}
