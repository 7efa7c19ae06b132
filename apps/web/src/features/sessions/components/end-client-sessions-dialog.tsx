import { zodResolver } from '@hookform/resolvers/zod';
import { type TEndClientSessionsInput, ZEndClientSessionsInput } from '@meridian/contracts/sessions';
import { useState } from 'react';
import { type SubmitHandler, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/field';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { messageKey } from '@/i18n';
import { useEndClientSessions } from '../api/end-client-sessions';

/** The dialog closes 2 seconds after it succeeded, as the back office's decision dialogs do. */
const CLOSE_AFTER_MS = 2000;
const FIELDS = ['reason'] as const;

/** End all sessions of a client: a reason is required and kept in the audit log. */
export function EndClientSessionsDialog({
  userId,
  name,
  onClose,
}: {
  userId: string;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('sessions');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const end = useEndClientSessions(userId);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TEndClientSessionsInput>({
    resolver: zodResolver(ZEndClientSessionsInput),
    mode: 'onChange',
    defaultValues: { reason: '' },
  });
  const placeFieldErrors = useServerFieldErrors(setError, FIELDS);
  const done = end.isSuccess;
  useAfterDelay(done, CLOSE_AFTER_MS, onClose);
  const doneText = end.data ? t(messageKey('sessions.clientSessionsEnded'), { count: end.data.count }) : '';

  const onSubmit: SubmitHandler<TEndClientSessionsInput> = async (values) => {
    if (end.isPending || done) return;
    setFailure(null);
    try {
      const answer = await end.mutateAsync(values);
      toast.success(t(messageKey('sessions.clientSessionsEnded'), { count: answer.count }));
    } catch (err) {
      const message = errorText(err, t('admin.endAll.failed'));
      if (!placeFieldErrors(err)) setFailure(message);
      toast.error(message);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !end.isPending) onClose();
      }}
      title={t('admin.endAll.title', { name })}
      description={t('admin.endAll.body')}
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" data-testid="end-client-sessions-form">
        {failure && <Alert tone="danger">{failure}</Alert>}
        {done && <Alert tone="success">{doneText}</Alert>}
        <TextAreaField
          label={t('admin.endAll.reason')}
          placeholder={t('admin.endAll.reasonPlaceholder')}
          disabled={done}
          maxLength={500}
          data-autofocus
          error={text(errors.reason?.message)}
          {...register('reason')}
        />
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={end.isPending}>
            {t(done ? 'common:actions.close' : 'common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="danger"
            loading={end.isPending}
            disabled={done}
            data-testid="end-client-sessions-submit"
          >
            {t('admin.endAll.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
