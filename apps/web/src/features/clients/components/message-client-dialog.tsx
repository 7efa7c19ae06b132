import { zodResolver } from '@hookform/resolvers/zod';
import { ZInAppMessageInput } from '@meridian/contracts/notifications';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog, useFormDialogSubmit } from '@/components/form-dialog';
import { TextAreaField, TextField } from '@/components/ui/field';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { toast } from '@/lib/toast';
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
  onClose: () => void;
}

/** Message: a subject and a message the client reads under Notifications. */
export function MessageClientDialog({ userId, clientName, onClose }: MessageClientDialogProps) {
  const { t } = useTranslation('messages');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const send = useSendMessage();
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
  const state = useFormDialogSubmit({
    mutation: send,
    send: (values: TMessageValues) =>
      send.mutateAsync({ receiver: userId, subject: values.subject.trim(), message: values.message.trim() }),
    setError,
    fields: FIELDS,
    failedText: (err) => errorText(err, t('sendFailed')),
    onSuccess: () => toast.success(t('messageSent')),
    onClose,
    closeAfterMs: CLOSE_AFTER_MS,
    toastFailure: false,
  });

  return (
    <FormDialog
      title={`${t('dialogTitle')}: ${clientName}`}
      description={t('dialogDescription')}
      testId="message-client-form"
      state={state}
      doneText={t('messageSent')}
      onSubmit={handleSubmit(state.onSubmit)}
      onClose={onClose}
      submitLabel={t('send')}
      submitTestId="message-client-submit"
    >
      <fieldset disabled={state.done} className="space-y-4">
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
    </FormDialog>
  );
}
