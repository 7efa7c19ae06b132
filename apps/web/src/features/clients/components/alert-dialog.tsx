import { zodResolver } from '@hookform/resolvers/zod';
import {
  ALERT_MESSAGE_MAX,
  ALERT_MESSAGES,
  type TAlertKind,
  type TAlertOnInput,
  ZAlertOnInput,
} from '@meridian/contracts/client-actions';
import { useEffect, useState } from 'react';
import { type SubmitHandler, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/field';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { toast } from '@/lib/toast';
import { useSetAlert } from '../api/set-alert';
import { STATUS_CLOSE_MS } from './action-dialog';

const FIELDS = ['message'] as const;

export interface AlertDialogProps {
  kind: TAlertKind;
  userId: string;
  clientName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Turning an alert on: an optional message for the banner (the text has no rules but its length). */
export function AlertDialog({ kind, userId, clientName, open, onOpenChange }: AlertDialogProps) {
  const { t } = useTranslation('clients');
  const [busy, setBusy] = useState(false);
  const alert = t(`alerts.${kind}.name`);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
      title={t('alerts.enableTitle', { alert })}
      description={t('alerts.enableDescription', { name: clientName })}
    >
      {open && <AlertForm kind={kind} userId={userId} onBusyChange={setBusy} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function AlertForm({
  kind,
  userId,
  onBusyChange,
  onDone,
}: {
  kind: TAlertKind;
  userId: string;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('clients');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const setAlert = useSetAlert(userId);
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TAlertOnInput, unknown, z.output<typeof ZAlertOnInput>>({
    resolver: zodResolver(ZAlertOnInput),
    mode: 'onChange',
    defaultValues: { message: '' },
  });
  const placeServerErrors = useServerFieldErrors(setError, FIELDS);

  useEffect(() => onBusyChange(setAlert.isPending), [setAlert.isPending, onBusyChange]);
  useAfterDelay(success !== null, STATUS_CLOSE_MS, onDone);

  const onSubmit: SubmitHandler<z.output<typeof ZAlertOnInput>> = async ({ message }) => {
    if (setAlert.isPending || success) return;
    setFailure(null);
    try {
      await setAlert.mutateAsync({ kind, on: true, message });
      const done = text(ALERT_MESSAGES[kind].on) ?? '';
      setSuccess(done);
      toast.success(done);
    } catch (err) {
      const failed = t('alerts.failedOn', { alert: t(`alerts.${kind}.name`), msg: errorText(err) });
      if (!placeServerErrors(err)) setFailure(failed);
      toast.error(failed);
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" data-testid={`alert-${kind}-form`}>
      {failure && <Alert tone="danger">{failure}</Alert>}
      {success && <Alert tone="success">{success}</Alert>}
      <fieldset disabled={success !== null}>
        <TextAreaField
          label={t('alerts.message')}
          hint={t('alerts.messageHint', { max: ALERT_MESSAGE_MAX })}
          maxLength={ALERT_MESSAGE_MAX}
          rows={4}
          data-autofocus
          error={text(errors.message?.message)}
          {...register('message')}
        />
      </fieldset>
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={setAlert.isPending}>
          {t(success ? 'common:actions.close' : 'common:actions.cancel')}
        </Button>
        <Button type="submit" loading={setAlert.isPending} disabled={success !== null} data-testid="alert-submit">
          {t('alerts.submit')}
        </Button>
      </div>
    </form>
  );
}
