import { shortId } from '@meridian/contracts/transaction-terms';
import type { TTransaction } from '@meridian/contracts/transactions';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { messageKey } from '@/i18n';
import { toast } from '@/lib/toast';
import { useDeleteRecord } from '../api/delete-record';

/** A delete dialog closes about 1 second after it succeeded. */
const CLOSE_AFTER_MS = 1000;

export interface DeleteRecordDialogProps {
  record: TTransaction;
  onClose: () => void;
  /** After the dialog closed on success (e.g. leave the record's own page). */
  onDeleted?: () => void;
}

/**
 * The shared delete dialog with its confirmation word for word. It is opened only for a record
 * `canDeleteRecord` allows (Delete is disabled with the reason on one that moved money); should the
 * server still refuse (the record changed meanwhile), its reason is shown here.
 */
export function DeleteRecordDialog({ record, onClose, onDeleted }: DeleteRecordDialogProps) {
  const { t } = useTranslation('transactions');
  const errorText = useApiErrorText();
  const remove = useDeleteRecord(record);

  useAfterDelay(remove.isSuccess, CLOSE_AFTER_MS, () => {
    onClose();
    onDeleted?.();
  });

  const confirm = () => {
    if (remove.isPending || remove.isSuccess) return;
    // A refusal is shown in the dialog, which stays open for it.
    remove.mutate(undefined, { onSuccess: () => toast.success(t(messageKey('transactions.deleted'))) });
  };

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('backoffice:delete.title', { id: shortId(record.id) })}
      description={t('backoffice:delete.confirmation')}
      confirmLabel={t('backoffice:delete.confirm')}
      onConfirm={confirm}
      busy={remove.isPending}
      done={remove.isSuccess ? t(messageKey('transactions.deleted')) : undefined}
      error={remove.isError ? errorText(remove.error, t('backoffice:delete.failed')) : undefined}
    />
  );
}
