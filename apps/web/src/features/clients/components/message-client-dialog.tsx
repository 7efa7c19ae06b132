import { zodResolver } from '@hookform/resolvers/zod';
import { ZInAppMessageInput } from '@meridian/contracts/notifications';
import { useEffect, useState } from 'react';
import { type Resolver, type SubmitHandler, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField, TextField } from '@/components/ui/field';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { useSendMessage } from '../api/send-message';

/** The message dialog closes 3 seconds after the message was sent. */
const CLOSE_AFTER_MS = 3000;

const ZMessageForm = ZInAppMessageInput.pick({ subject: true, message: true });

interface TMessageValues {
  subject: string;
  message: string;
}
const FIELDS = ['subject', 'message'] as const;

export interface MessageClientDialogProps {
  userId: string;
  clientName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Message: a subject and a message the client reads under Notifications. */
export function MessageClientDialog({ userId, clientName, open, onOpenChange }: MessageClientDialogProps) {
  const { t } = useTranslation('messages');
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
      title={`${t('dialogTitle')}: ${clientName}`}
      description={t('dialogDescription')}
    >
      {open && <MessageForm userId={userId} onBusyChange={setBusy} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function MessageForm({
  userId,
  onBusyChange,
  onDone,
}: {
  userId: string;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('messages');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const send = useSendMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TMessageValues>({
    resolver: zodResolver(ZMessageForm) as unknown as Resolver<TMessageValues>,
    mode: 'onChange',
    defaultValues: { subject: '', message: '' },
  });
  const placeServerErrors = useServerFieldErrors(setError, FIELDS);

  useEffect(() => onBusyChange(send.isPending), [send.isPending, onBusyChange]);
  const done = send.isSuccess;
  useAfterDelay(done, CLOSE_AFTER_MS, onDone);

  const onSubmit: SubmitHandler<TMessageValues> = async (values) => {
    if (send.isPending || done) return;
    setFailure(null);
    try {
      await send.mutateAsync({ receiver: userId, subject: values.subject.trim(), message: values.message.trim() });
      toast.success(t('messageSent'));
    } catch (err) {
      if (!placeServerErrors(err)) setFailure(errorText(err, t('sendFailed')));
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" data-testid="message-client-form">
      {failure && <Alert tone="danger">{failure}</Alert>}
      {done && <Alert tone="success">{t('messageSent')}</Alert>}
      <fieldset disabled={done} className="space-y-4">
        <TextField
          label={t('subjectLabel')}
          maxLength={150}
          autoComplete="off"
          data-autofocus
          error={text(errors.subject?.message)}
          {...register('subject')}
        />
        <TextAreaField
          label={t('messageLabel')}
          maxLength={5000}
          error={text(errors.message?.message)}
          {...register('message')}
        />
      </fieldset>
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={send.isPending}>
          {t(done ? 'common:actions.close' : 'cancel')}
        </Button>
        <Button type="submit" loading={send.isPending} disabled={done} data-testid="message-client-submit">
          {t('send')}
        </Button>
      </div>
    </form>
  );
}
