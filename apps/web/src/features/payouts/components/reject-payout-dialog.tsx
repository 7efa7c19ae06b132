import { zodResolver } from '@hookform/resolvers/zod';
import { type TPayout, type TRejectPayoutInput, ZRejectPayoutInput } from '@meridian/contracts/payouts';
import { shortId } from '@meridian/contracts/transactions';
import { useState } from 'react';
import { type SubmitHandler, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/field';
import { Money } from '@/components/ui/money';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { messageKey } from '@/i18n';
import { useRejectPayout } from '../api/reject-payout';

/** A decision dialog closes 2 seconds after it succeeded, as status dialogs do. */
const CLOSE_AFTER_MS = 2000;
const FIELDS = ['reason'] as const;

/** Reject a pending payout: the reason is required ('Please provide a reason for rejection') and shown to the client. */
export function RejectPayoutDialog({ trade, onClose }: { trade: TPayout; onClose: () => void }) {
  const { t } = useTranslation('payouts');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const reject = useRejectPayout(trade);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TRejectPayoutInput>({
    resolver: zodResolver(ZRejectPayoutInput),
    mode: 'onChange',
    defaultValues: { reason: '' },
  });
  const placeFieldErrors = useServerFieldErrors(setError, FIELDS);
  const done = reject.isSuccess;
  const rejected = t(messageKey('investments.tradeRejected'));
  useAfterDelay(done, CLOSE_AFTER_MS, onClose);

  const onSubmit: SubmitHandler<TRejectPayoutInput> = async (values) => {
    if (reject.isPending || done) return;
    setFailure(null);
    try {
      await reject.mutateAsync(values);
      toast.success(rejected);
    } catch (err) {
      // 'Failed to reject trade', or the server's words when it gave a reason.
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
      title={t('rejectTitle', { id: shortId(trade.id) })}
      description={t('rejectDescription')}
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" data-testid="reject-trade-form">
        <dl className="grid grid-cols-2 gap-3 rounded-lg bg-surface-2 px-4 py-3 text-sm">
          <div>
            <dt className="text-muted">{t('columns.plan')}</dt>
            <dd className="break-words font-medium text-fg">{trade.planName}</dd>
          </div>
          <div className="text-right">
            <dt className="text-muted">{t('columns.profit')}</dt>
            <dd className="font-medium text-fg">
              <Money amount={trade.amount} />
            </dd>
          </div>
        </dl>
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
            data-testid="reject-trade-submit"
          >
            {t('rejectSubmit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
