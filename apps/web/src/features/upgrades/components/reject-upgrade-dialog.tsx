import { zodResolver } from '@hookform/resolvers/zod';
import { type TUpgradeRequest, ZUpgradeRejectInput } from '@meridian/contracts/investments';
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
import { useRejectUpgrade } from '../api/reject-upgrade';

/** A decision dialog closes 2 seconds after it succeeded, as status dialogs do. */
const CLOSE_AFTER_MS = 2000;

/** The reason the client reads ('Please provide a reason for rejection'); the client comes from the request. */
const ZReason = ZUpgradeRejectInput.pick({ reason: true });
interface TReason {
  reason: string;
}
const FIELDS = ['reason'] as const;

/** Reject: a reason is required and sent to the client; their plan stays as it is. */
export function RejectUpgradeDialog({ request, onClose }: { request: TUpgradeRequest; onClose: () => void }) {
  const { t } = useTranslation('upgrades');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const reject = useRejectUpgrade(request.user.id);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TReason>({ resolver: zodResolver(ZReason), mode: 'onChange', defaultValues: { reason: '' } });
  const placeFieldErrors = useServerFieldErrors(setError, FIELDS);
  const done = reject.isSuccess;
  const rejected = t(messageKey('investments.upgradeRejected'));
  useAfterDelay(done, CLOSE_AFTER_MS, onClose);
  const name = `${request.user.firstname} ${request.user.lastname}`.trim();

  const onSubmit: SubmitHandler<TReason> = async ({ reason }) => {
    if (reject.isPending || done) return;
    setFailure(null);
    try {
      await reject.mutateAsync(reason);
      toast.success(rejected);
    } catch (err) {
      const message = errorText(err, t('rejectFailed'));
      if (!placeFieldErrors(err)) setFailure(message);
      toast.error(message);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !reject.isPending) onClose();
      }}
      title={t('rejectTitle', { name })}
      description={t('rejectDescription', { plan: request.requestedPlan.name })}
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" data-testid="reject-upgrade-form">
        {failure && <Alert tone="danger">{failure}</Alert>}
        {done && <Alert tone="success">{rejected}</Alert>}
        <TextAreaField
          label={t('reason')}
          placeholder={t('reasonPlaceholder')}
          disabled={done}
          maxLength={500}
          data-autofocus
          error={text(errors.reason?.message)}
          {...register('reason')}
        />
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={reject.isPending}>
            {t(done ? 'common:actions.close' : 'common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="danger"
            loading={reject.isPending}
            disabled={done}
            data-testid="reject-upgrade-submit"
          >
            {t('reject')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
